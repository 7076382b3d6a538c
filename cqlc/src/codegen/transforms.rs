//! A transform's images (`⬓ F`, `✵ F`), each evaluated as CQL 6.2 does:
//! the transform matches if an image matches, and its value is the union
//! of its images' squares (a set) or the greatest of their values (a
//! number). Every image keeps what it writes if it matches; where only
//! matching counts and no image writes anything, the images are tried only
//! until one matches.
//!
//! The images come as families that differ only in constants ([`ImageSet`]).
//! A family of one image is written where it is used. A larger family's
//! template is written once, as a function whose parameters are the
//! constants its images differ in, named for their role; each image is a
//! call of it with its own constants, below a note of its own query text
//! (`♛――down 1 ♛`). Many images of one family are a table of their
//! constants and one call in a loop; where an image that writes nothing
//! needs a piece on a square of its row, the squares of that piece are read
//! once before the loop, and a row whose square has none is passed over.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::{
    Emitter,
    constants::{Constant, ImageTable, parameter_name, tuple},
    format::doc_lines,
    rust,
};
use crate::ir::{self, Expr, Family, ImageCount, ImageSet, Kinds, Node, Type};

/// What the images are evaluated for, and so how each is written.
#[derive(Clone, Copy, Debug)]
enum Use {
    /// Whether it matches, what it wrote taken back if it does not: `bool`.
    Matches,
    /// A set image's squares: `Bitboard`.
    Squares,
    /// A numeric image's value: `Option<i64>`.
    Number,
}

/// The images of a transform, written for one use: each a call of its own,
/// or, where many images share one function, a table of their constants
/// and one call in a loop over it.
enum Calls {
    /// Each image's note and call, in the order CQL 6.2 evaluates them.
    Each(Vec<(TokenStream, TokenStream)>),
    /// The images' table (in that order), the pattern a row binds, the call
    /// with the row's names, a note of the query's text, and the test of a
    /// row that its image needs to match, if there is one ([`RowNeeds`]).
    Table { table: TokenStream, row: TokenStream, call: TokenStream, note: TokenStream, needs: Option<RowNeeds> },
}

/// What each image of a table needs to match: a piece of some kinds (the
/// same in every image) on the square a column of its row holds. The
/// squares of those kinds are read once, before the loop, and a row whose
/// square is not among them is passed over without calling its image.
struct RowNeeds {
    /// The squares of the kinds on the board.
    squares: TokenStream,
    /// The name the row binds to the square.
    column: Ident,
}

impl RowNeeds {
    /// What reads the needed squares before the loop that tries the images
    /// until one matches (nothing without `needs`), and `call` made to wait
    /// for its row's square among them.
    fn guard(needs: Option<RowNeeds>, call: TokenStream) -> (TokenStream, TokenStream) {
        match needs {
            Some(RowNeeds { squares, column }) => {
                (quote!(let needed = #squares;), quote!(needed.contains(#column) && #call))
            }
            None => (TokenStream::new(), call),
        }
    }
}

impl Calls {
    /// `statement` (given an image's call) for each image, in order.
    fn each(self, statement: impl Fn(TokenStream) -> TokenStream) -> TokenStream {
        match self {
            Calls::Each(calls) => {
                let statements = calls.into_iter().map(|(note, call)| {
                    let statement = statement(call);
                    quote! {
                        #note
                        #statement
                    }
                });
                quote!(#(#statements)*)
            }
            Calls::Table { table, row, call, note, .. } => {
                let statement = statement(call);
                quote! {
                    #note
                    for &#row in #table {
                        #statement
                    }
                }
            }
        }
    }
}

/// From how many images sharing one function on they are written as a
/// table and a loop.
const TABLE_FROM: usize = 5;

/// The most tokens the body of an image function inlined at each call has.
const SMALL_IMAGE: usize = 80;

/// A family's function: its name and its parameters.
struct FamilyFunction {
    name: Ident,
    parameters: Vec<Parameter>,
}

/// A parameter of a family's function.
struct Parameter {
    name: Ident,
    holds: Holds,
}

/// What a parameter of a family's function holds.
enum Holds {
    /// The constant of the family's slot of this index.
    Slot(usize),
    /// A constant that the function's callers hold as a parameter of their own.
    Passed(Constant),
    /// A table of the images of a transform inside, in the template's
    /// values.
    Table(ImageTable),
}

impl Emitter {
    /// The value of a transform of type `ty` whose images are `set`:
    /// whether one matches, the union of their squares, or the greatest of
    /// their values (a transform of a string or a position is Boolean).
    pub(super) fn images(&self, ty: Type, set: &ImageSet) -> TokenStream {
        if let Some(range) = &set.range {
            return self.images_counted(set, range);
        }
        match ty {
            Type::Set => {
                let unions = self.image_calls(Use::Squares, set).each(|squares| quote!(union |= #squares;));
                quote!({
                    let mut union = Bitboard::EMPTY;
                    #unions
                    union
                })
            }
            Type::Numeric => {
                let offers = self.image_calls(Use::Number, set).each(|value| {
                    let image = rust::with_cursor(value);
                    quote!(greatest.offer(at, #image);)
                });
                quote!({
                    let mut greatest = Greatest::start(at);
                    #offers
                    greatest.value()
                })
            }
            Type::Boolean | Type::String | Type::Position => self.any_image(set),
        }
    }

    /// How many of the images match, if that is in `range` (each is
    /// evaluated, keeping what it wrote if it matches; if the count is out
    /// of the range, what they all wrote is taken back).
    fn images_counted(&self, set: &ImageSet, range: &ImageCount) -> TokenStream {
        let attempts = self.image_calls(Use::Matches, set).each(|matches| quote!(matched += i64::from(#matches);));
        let count = match range {
            ImageCount::Any => quote!(Some(matched)),
            ImageCount::Within(bounds) => {
                let bounds = self.bounds(bounds);
                quote!(in_range(Some(matched), #bounds))
            }
        };
        quote!(at.attempt_value(|at| {
            let mut matched = 0;
            #attempts
            #count
        }))
    }

    /// Whether one of the images matches: each is evaluated, keeping what
    /// it wrote if it matches; if none writes anything, only until one
    /// matches. Where the game's next moves cannot be one that some image
    /// needs, none is evaluated, if a failed image leaves nothing behind.
    pub(super) fn any_image(&self, set: &ImageSet) -> TokenStream {
        let images = self.each_image(set);
        let images = match self.pieces_present(set) {
            Some(present) => quote!((#present) && #images),
            None => images,
        };
        let needed = set.templates().all(Node::fails_without_trace).then(|| set.next_moves_needed()).flatten();
        match needed {
            Some(moves) => {
                let include = self.next_moves_include(&moves, "one of a transform's images");
                quote!(#include && #images)
            }
            None => images,
        }
    }

    /// Whether the pieces some image needs are on the board (where they are
    /// not, no image is tried: each would fail), for images that write
    /// nothing; `None` if an image needs none.
    fn pieces_present(&self, set: &ImageSet) -> Option<TokenStream> {
        if set.templates().any(Node::writes) {
            return None;
        }
        let lists = set.needed_pieces()?;
        let lists = lists.iter().map(|kinds| {
            let present = kinds.iter().map(|&kinds| {
                let squares = self.pieces(kinds, u64::MAX);
                quote!(!#squares.is_empty())
            });
            quote!(#(#present)&&*)
        });
        Some(quote!(#(#lists)||*))
    }

    /// Whether one of the images matches, each evaluated as [`Self::any_image`] says.
    fn each_image(&self, set: &ImageSet) -> TokenStream {
        let calls = self.image_calls(Use::Matches, set);
        if !set.templates().any(Node::writes) {
            return match calls {
                Calls::Each(calls) => {
                    let attempts = calls.into_iter().map(|(note, matches)| quote!({ #note #matches }));
                    quote!(#(#attempts)||*)
                }
                Calls::Table { table, row, call, note, needs } => {
                    let (needed, call) = RowNeeds::guard(needs, call);
                    quote!({
                        #note
                        #needed
                        let mut matched = false;
                        for &#row in #table {
                            if #call {
                                matched = true;
                                break;
                            }
                        }
                        matched
                    })
                }
            };
        }
        let attempts = calls.each(|matches| quote!(matched |= #matches;));
        quote!({
            let mut matched = false;
            #attempts
            matched
        })
    }

    /// Each image written for `purpose`, with a note of its text, in the
    /// order CQL 6.2 evaluates them: as a table if there are many, all of
    /// one family, where a table can be (see [`Emitter::table`]).
    fn image_calls(&self, purpose: Use, set: &ImageSet) -> Calls {
        if let [family] = set.families.as_slice()
            && family.members >= TABLE_FROM
            && let Some(calls) = self.image_table(purpose, set, family)
        {
            return calls;
        }
        Calls::Each(
            set.order
                .iter()
                .map(|&index| {
                    let image = &set.images[index];
                    let family = &set.families[image.family];
                    let call = if family.members == 1 {
                        self.image(purpose, &family.template)
                    } else {
                        let function = self.family_function(purpose, family);
                        let name = &function.name;
                        let arguments =
                            function.parameters.iter().map(|parameter| self.argument(family, image.member, parameter));
                        quote!(#name(at, #(#arguments),*))
                    };
                    (self.note(&image.text), rust::tail(call))
                })
                .collect(),
        )
    }

    /// What the image `member` of `family` passes its function's `parameter`.
    fn argument(&self, family: &Family, member: usize, parameter: &Parameter) -> TokenStream {
        match &parameter.holds {
            Holds::Slot(slot) => self.constant(family.slots[*slot].column[member].clone().into()),
            Holds::Passed(constant) => self.constant(constant.clone()),
            Holds::Table(table) => self.table_constant(&table.replaced(|constant| {
                let slot = family.slots.iter().find(|slot| slot.template_value() == constant);
                slot.map_or_else(|| constant.clone(), |slot| slot.column[member].clone())
            })),
        }
    }

    /// All the images of `set`, of the one family `family`, as a table of
    /// the constants they differ in, rows in evaluation order, and a call of
    /// the family's function with a row; none where no table can be. A
    /// column of single squares holds them as squares.
    fn image_table(&self, purpose: Use, set: &ImageSet, family: &Family) -> Option<Calls> {
        let function = self.family_function(purpose, family);
        let parameters: Vec<(&Ident, usize)> = function
            .parameters
            .iter()
            .filter_map(|parameter| match parameter.holds {
                Holds::Slot(slot) => Some((&parameter.name, slot)),
                _ => None,
            })
            .collect();
        let rows = set.order.iter().map(|&index| {
            let member = set.images[index].member;
            parameters.iter().map(|&(_, slot)| family.slots[slot].column[member].clone()).collect()
        });
        let table = ImageTable { text: set.images[0].text.clone(), rows: rows.collect() };
        let single_squares: Vec<bool> = (0..parameters.len()).map(|column| table.single_squares(column)).collect();
        let table = self.table(table)?;
        let names: Vec<TokenStream> = parameters.iter().map(|(name, _)| quote!(#name)).collect();
        let mut column = 0;
        let arguments = function.parameters.iter().map(|parameter| {
            let name = &parameter.name;
            match &parameter.holds {
                Holds::Slot(_) => {
                    column += 1;
                    if single_squares[column - 1] { quote!(Bitboard::from_square(#name)) } else { quote!(#name) }
                }
                _ => self.argument(family, 0, parameter),
            }
        });
        let arguments: Vec<TokenStream> = arguments.collect();
        // A row may be passed over only where its image, failing, leaves
        // nothing behind.
        let needs = match purpose {
            Use::Matches if !set.templates().any(Node::writes) => self.row_needs(family, &parameters, &single_squares),
            Use::Matches | Use::Squares | Use::Number => None,
        };
        let function = &function.name;
        Some(Calls::Table {
            table,
            row: tuple(names),
            call: quote!(#function(at, #(#arguments),*)),
            note: self.note(&set.images[0].text),
            needs,
        })
    }

    /// What each image of `family`'s table needs to match ([`RowNeeds`]):
    /// a conjunct of the template (each must match for the image to) that
    /// is a piece of kinds no image changes on one square that a column of
    /// the table holds (`columns`: each column's parameter and slot, and
    /// whether it holds single squares); of several, the one of the fewest
    /// kinds.
    fn row_needs(&self, family: &Family, columns: &[(&Ident, usize)], single_squares: &[bool]) -> Option<RowNeeds> {
        let varies = |constant: &ir::Constant| family.slots.iter().any(|slot| slot.template_value() == constant);
        let (kinds, column) = family
            .template
            .conjuncts()
            .into_iter()
            .filter_map(|conjunct| match conjunct.expr {
                Expr::Pieces { kinds, within } if within.count_ones() == 1 && kinds.0 & Kinds::EMPTY.0 == 0 => {
                    Some((kinds, within))
                }
                _ => None,
            })
            .filter(|&(kinds, _)| !varies(&ir::Constant::Kinds(kinds)))
            .filter_map(|(kinds, within)| {
                let slot = family.slots.iter().find(|slot| *slot.template_value() == ir::Constant::Squares(within))?;
                let column = columns
                    .iter()
                    .zip(single_squares)
                    .position(|(&(_, other), &single)| single && family.slots[other].column == slot.column)?;
                Some((kinds, column))
            })
            .min_by_key(|(kinds, _)| kinds.0.count_ones())?;
        Some(RowNeeds { squares: self.pieces(kinds, u64::MAX), column: columns[column].0.clone() })
    }

    /// One image, written for `purpose`.
    fn image(&self, purpose: Use, image: &Node) -> TokenStream {
        match purpose {
            Use::Matches => self.attempt(image),
            Use::Squares => self.set(image),
            Use::Number => self.number(image),
        }
    }

    /// The function that `family`'s images share, written for `purpose`:
    /// the template, each constant its images differ in a parameter (see
    /// [`family_parameters`]), and the constants and tables that the code
    /// inside takes as parameters besides.
    fn family_function(&self, purpose: Use, family: &Family) -> FamilyFunction {
        let (mut parameters, slots) = family_parameters(family);
        let (body, frame) = self.in_family(slots, || rust::block(rust::tail(self.image(purpose, &family.template))));
        // A slot that only a table inside holds is no parameter of its own.
        parameters.retain(|parameter| frame.used.contains(&parameter.name));
        let passed =
            frame.passed.into_iter().map(|(constant, name)| Parameter { name, holds: Holds::Passed(constant) });
        let tables = frame.tables.into_iter().map(|(table, name)| Parameter { name, holds: Holds::Table(table) });
        parameters.extend(passed.chain(tables));
        let types = parameters.iter().map(|parameter| match &parameter.holds {
            Holds::Slot(slot) => Constant::from(family.slots[*slot].template_value().clone()).rust_type(),
            Holds::Passed(constant) => constant.rust_type(),
            Holds::Table(table) => table.reference_type(),
        });
        let at = if rust::mentions(&body, "at") { quote!(at) } else { quote!(_at) };
        let names = parameters.iter().map(|parameter| &parameter.name);
        let value = match purpose {
            Use::Matches => quote!(bool),
            Use::Squares => quote!(Bitboard),
            Use::Number => quote!(Option<i64>),
        };
        let signature = quote!((#at: &mut Cursor<'_>, #(#names: #types),*) -> #value);
        // Families whose functions come out the same (templates that
        // differ only in the parameters) share one.
        let identity = format!("{signature} {body}");
        let doc = doc_lines(&format!(
            "`{}` and its images under a transform, which differ only in the constants that are the parameters.",
            family.template.source
        ));
        // A small function is as cheap as its call; inlined at each image,
        // its constants fold (a designator's squares become one bitboard).
        let inline = (crate::code_size::tokens_and_groups(&body) <= SMALL_IMAGE).then(|| quote!(#[inline(always)]));
        let name = self.item(identity, "image", |name| {
            quote! {
                #(#[doc = #doc])*
                #inline
                fn #name #signature #body
            }
        });
        FamilyFunction { name, parameters }
    }
}

/// The parameters of `family`'s function for the constants its images
/// differ in, named for their role (slots whose values are the same in
/// every image share one), and each slot's template value with the
/// parameter that holds it.
fn family_parameters(family: &Family) -> (Vec<Parameter>, Vec<(ir::Constant, Ident)>) {
    let mut parameters: Vec<Parameter> = Vec::new();
    let mut slots: Vec<(ir::Constant, Ident)> = Vec::new();
    for (index, slot) in family.slots.iter().enumerate() {
        let same = parameters.iter().find(
            |parameter| matches!(parameter.holds, Holds::Slot(other) if family.slots[other].column == slot.column),
        );
        let name = match same {
            Some(parameter) => parameter.name.clone(),
            None => {
                let role = Constant::from(slot.template_value().clone()).parameter_name();
                let name = parameter_name(&role, |name| parameters.iter().any(|parameter| parameter.name == name));
                parameters.push(Parameter { name: name.clone(), holds: Holds::Slot(index) });
                name
            }
        };
        slots.push((slot.template_value().clone(), name));
    }
    (parameters, slots)
}

#[cfg(test)]
mod tests {
    use std::{cell::Cell, fs, path::Path};

    use proc_macro2::{Delimiter, TokenTree};
    use quote::format_ident;

    use super::*;
    use crate::{ir::Expr, searcher_source};

    /// Queries with transforms of every kind, inside each other and around
    /// paths, functions and comments, besides the official examples.
    const TRANSFORMED: &[&str] = &[
        "shift {♖a1 ♔b1-2 wtm}",
        "shifthorizontal {♘c3 attacks ♟d5}",
        "shiftvertical 2 4 {♙a2-4 ♟a7}",
        "rotate45 {♕――up 1 ♕}",
        "rotate45 count ray diagonal (♗ ♚)",
        "✵⬓{♕――up 1 ♕}",
        "rotate90 {♖a1 ⬓ {♔e1 result 1-0}}",
        "flipcolor {player white \"Carlsen\" light ♗ comment(currenttransform)}",
        "flip {⊢ ♘――f3 .{*} ♘――g1}",
        "fliphorizontal flipvertical {♔a1 flipcolor {♖h1 btm}}",
        "function Near(x) {x attacks ♚} flip {Near(♘a1) ♖h8}",
        "shift {♔a1 rotate90 {♖b2 up 1 ♔}}",
        "flipcolor {x = #♙a-h2 comment(x) x > 3}",
        "flipcolor {sidetomove == white ♔e1}",
    ];

    fn program(body: &str) -> String {
        searcher_source(&format!("cql() {body}"), "q", "q.cql").unwrap()
    }

    /// `tokens` with each identifier for which `replace` has code replaced by
    /// it: bare where it is a whole argument or value (after `(`, `,` or `=`,
    /// before `)`, `,` or `;`, or what a `for` loop goes through), in
    /// parentheses where it is an operator
    /// expression (`a | b`) standing elsewhere.
    fn substitute(tokens: TokenStream, replace: &impl Fn(&Ident) -> Option<TokenStream>) -> TokenStream {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = TokenStream::new();
        for (index, token) in tokens.iter().cloned().enumerate() {
            match token {
                TokenTree::Ident(ident) => match replace(&ident) {
                    Some(code) => {
                        let separator = |token: Option<&TokenTree>, separators: &[char]| match token {
                            None => true,
                            Some(TokenTree::Punct(punct)) => separators.contains(&punct.as_char()),
                            Some(_) => false,
                        };
                        let before = index.checked_sub(1).and_then(|i| tokens.get(i));
                        let after = tokens.get(index + 1);
                        // A value between `for ... in` and the loop's block is whole too.
                        let iterated = matches!(before, Some(TokenTree::Ident(word)) if word == "in")
                            && matches!(after, Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace);
                        let whole = iterated || separator(before, &[',', '=']) && separator(after, &[',', ';']);
                        out.extend(if whole { code } else { rust::operand(code) });
                    }
                    None => out.extend([TokenTree::Ident(ident)]),
                },
                TokenTree::Group(group) => {
                    let mut inner = proc_macro2::Group::new(group.delimiter(), substitute(group.stream(), replace));
                    inner.set_span(group.span());
                    out.extend([TokenTree::Group(inner)]);
                }
                other => out.extend([other]),
            }
        }
        out
    }

    /// `family`'s member `member` written on its own, and the family's
    /// template written with parameters and then given the member's
    /// constants: where they differ, the template does not stand for it.
    fn written_both_ways(family: &Family, member: usize) -> (String, String) {
        let emitter = Emitter::default();
        let (direct, _) = emitter.in_family(Vec::new(), || emitter.attempt(&family.instantiate(member)));
        let slots =
            (0..family.slots.len()).map(|i| (family.slots[i].template_value().clone(), format_ident!("slot_{i}")));
        let (template, frame) = emitter.in_family(slots.collect(), || emitter.attempt(&family.template));
        assert!(frame.passed.is_empty(), "nothing encloses it");
        let given = substitute(template, &|ident: &Ident| {
            if let Some((table, _)) = frame.tables.iter().find(|(_, name)| name == ident) {
                let parameter = Parameter { name: ident.clone(), holds: Holds::Table(table.clone()) };
                return Some(emitter.argument(family, member, &parameter));
            }
            let slot: usize = ident.to_string().strip_prefix("slot_")?.parse().ok()?;
            Some(Constant::from(family.slots[slot].column[member].clone()).code())
        });
        (direct.to_string(), without_image_keys(&given.to_string()))
    }

    /// `code` without the keys a path written once for a family's images
    /// gives its memory (`image: &[...]`): a lone image needs none.
    fn without_image_keys(code: &str) -> String {
        let mut code = code.to_owned();
        while let Some(start) = code.find("image : & [") {
            let end = code[start..].find("] , ").map_or(code.len(), |end| start + end + "] , ".len());
            code.replace_range(start..end, "");
        }
        code
    }

    /// Checks every family of `set`, and the sets inside its images, adding
    /// how many images it checked to `checked`.
    fn check_families(set: &ImageSet, source: &str, checked: &Cell<usize>) {
        for family in &set.families {
            for member in 0..family.members {
                let image = family.instantiate(member);
                image.any(&|node: &Node| {
                    if let Expr::Images(inner) = &node.expr {
                        check_families(inner, source, checked);
                    }
                    false
                });
                // A CQL function called inside takes what the images differ
                // in as parameters: its code differs from a lone image's.
                let calls = family.template.any(&|node: &Node| matches!(node.expr, Expr::Call(_)));
                if member > 0 && !calls {
                    let (direct, given) = written_both_ways(family, member);
                    assert_eq!(
                        direct, given,
                        "member {member} of a family of `{}` in {source}",
                        family.template.source
                    );
                    checked.set(checked.get() + 1);
                }
            }
        }
    }

    #[test]
    fn each_image_is_its_familys_template_with_its_own_constants() {
        let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference/examples");
        let mut sources: Vec<String> = fs::read_dir(&examples)
            .expect("the official examples")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| path.extension().is_some_and(|extension| extension == "cql"))
            .map(|path| fs::read_to_string(path).expect("an example"))
            .collect();
        sources.extend(TRANSFORMED.iter().map(|body| format!("cql() {body}")));
        let checked = Cell::new(0);
        for source in &sources {
            let Ok(compiled) = crate::compile(source) else { continue };
            for node in &compiled.output.body {
                node.any(&|node: &Node| {
                    if let Expr::Images(set) = &node.expr {
                        check_families(set, source, &checked);
                    }
                    false
                });
            }
        }
        assert!(checked.get() > 400, "{} images checked", checked.get());
    }

    #[test]
    fn images_that_differ_in_constants_share_one_function_and_each_states_its_own_text() {
        let program = program("fliphorizontal {♕――up 1 ♕}");
        assert_eq!(program.matches("\nfn image_").count(), 1, "{program}");
        assert_eq!(program.matches("image_1(at, ").count(), 2, "{program}");
        // Each call is commented with its image's text, as the query would write it.
        for image in ["// {♕――up 1 ♕}", "// {♕――down 1 ♕}"] {
            assert!(program.contains(image), "{image} in {program}");
        }
        // The function's parameters are the constants the images change,
        // named for their role.
        assert!(program.contains("directions: Directions"), "{program}");
    }

    #[test]
    fn a_small_image_function_is_inlined_at_each_image_and_a_large_one_is_called() {
        // `▦←♕ == 27` inlined for ♕ and ♛ folds each designator's squares.
        let small = program("⬓ ▦←♕ == 27");
        assert_eq!(small.matches("#[inline(always)]\nfn image_1(").count(), 1, "{small}");
        let large = program("⬓ {♕a1 ♔b2 ♖c3 ♗d4 ♘e5 ♙f6 ♕g7 ♔h8 ♖a2 ♗b3 ♘c4 ♙d5 ♕e6 ♔f7 ♖g8 ♗h1 check}");
        assert!(large.contains("\nfn image_1(") && !large.contains("inline"), "{large}");
    }

    #[test]
    fn many_images_are_a_table_of_their_constants_and_one_call_in_a_loop() {
        let flipped = program("✵⬓{♕――up 1 ♕}");
        assert_eq!(flipped.matches("\nfn image_").count(), 1, "{flipped}");
        // 16 maps, 8 distinct images (two colours, four directions): a row each.
        assert!(flipped.contains("const IMAGES_1: [(Kinds, Directions); 8] = ["), "{flipped}");
        assert!(flipped.contains("(Kinds::BLACK_QUEEN, Directions::DOWN)"), "{flipped}");
        assert_eq!(flipped.matches("image_1(at, ").count(), 1, "{flipped}");
        assert!(flipped.contains("pieces: Kinds") && flipped.contains("directions: Directions"), "{flipped}");
        // A column every image has the same value in is no column: the
        // squares of the rotations of a file hold their ranks.
        let shifted = program("shifthorizontal ♙b2-7 ≥ 4");
        assert!(shifted.contains("const IMAGES_1: [Bitboard; 8] = ["), "{shifted}");
    }

    #[test]
    fn images_are_tried_until_one_matches_only_where_none_writes_and_only_matching_counts() {
        let pure = program("⬓ {♕ ♖a1}");
        assert!(pure.contains("||") && !pure.contains("matched |="), "{pure}");
        // Each image that matches keeps its comment: every image is evaluated.
        let commenting = program("⬓ {comment(#♙) #♙ > 0}");
        assert_eq!(commenting.matches("matched |= image_1(at, ").count(), 2, "{commenting}");
        // A set's value is the union of all its images', a number's the greatest.
        let set = program("x = ⬓ ♙a-h2");
        assert_eq!(set.matches("|= image_1(at, ").count(), 2, "{set}");
        let number = program("x = ⬓ #♙");
        assert_eq!(number.matches("greatest.offer(at, ").count(), 2, "{number}");
    }

    #[test]
    fn images_are_not_tried_where_a_piece_each_needs_is_missing() {
        let words = |query: &str| program(query).split_whitespace().collect::<Vec<_>>().join(" ");
        let present = "(!Kinds::WHITE_QUEEN.squares(at.board()).is_empty() \
                       && !Kinds::BLACK_QUEEN.squares(at.board()).is_empty()) &&";
        let present: String = present.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words("shift {♕d4 ♛f4}").contains(&present), "{}", program("shift {♕d4 ♛f4}"));
        // Images that write are each tried; an image that needs no piece is always tried.
        assert!(!words("shift {♕d4 comment(\"q\")}").contains("is_empty()) &&"));
        assert!(!words("shift {♕d4 ∪ ♛f4}").contains("is_empty()) &&"));
    }

    #[test]
    fn a_table_row_whose_square_lacks_the_piece_its_image_needs_is_passed_over() {
        let words = |query: &str| program(query).split_whitespace().collect::<Vec<_>>().join(" ");
        // The kinds read once before the loop: of the pieces each image needs
        // on a square of its row, those of the fewest kinds (a rook, not any piece).
        let query = "shift {◭d4 ♖e4 wtm}";
        let code = words(query);
        assert!(code.contains("let needed = Kinds::WHITE_ROOK.squares(at.board());"), "{}", program(query));
        assert_eq!(code.matches("if needed.contains(").count(), 1, "{}", program(query));
        // Not where an image writes, needs no piece (an empty square, a
        // union), or where the kinds differ from image to image.
        for query in ["shift {♕d4 comment(\"q\")}", "shift {_d4 wtm}", "shift {♕d4 ∪ ♛f4}", "flipcolor shift {♕d4 btm}"]
        {
            assert!(!words(query).contains("needed"), "{query}: {}", program(query));
        }
    }

    #[test]
    fn an_image_whose_code_differs_is_written_on_its_own() {
        // The images of `a1` are single squares, of `a-h1` ranges: all the same shape.
        let same = program("✵ {♖a1 ♔e1}");
        assert_eq!(same.matches("\nfn image_").count(), 1, "{same}");
        // With the colours swapped, `wtm` reads the side to move as a parameter too.
        let side = program("⬓ {wtm ♔e1}");
        assert!(side.contains("side: Color") && side.contains("// {btm ♚e8}"), "{side}");
    }

    #[test]
    fn a_comment_of_the_query_is_left_out_of_an_image_text() {
        // Kept in, the line comment would hide `♖a1` from the image's text.
        let program = program("⬓ {♕ // the queen\n ♖a1 /* a rook */ #♘ > 1}");
        assert!(program.contains("// {♛ ♜a8 #♞ > 1}"), "{program}");
        assert!(!program.contains("the queen") && !program.contains("a rook"), "{program}");
    }
}
