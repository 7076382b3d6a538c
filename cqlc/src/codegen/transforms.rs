//! A transform's images (`⬓ F`, `✵ F`), each evaluated as CQL 6.2 does:
//! the transform matches if an image matches, and its value is the union
//! of its images' squares (a set) or the greatest of their values (a
//! number). Every image keeps what it writes if it matches; where only
//! matching counts and no image writes anything, the images are tried only
//! until one matches.
//!
//! The images of one filter differ only in their constants (pieces, squares,
//! directions, the side to move), so their code is written once, as a
//! function whose parameters are the constants they differ in, and each
//! image is a call of it with its own constants, below a note of its own
//! query text (`♛――down 1 ♛`). Each image is first written with its
//! constants recorded as placeholders ([`Emitter::recording`]); images whose
//! code is then the same share the function.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::{
    Emitter,
    constants::{Constant, parameter_name, placeholder_index, square},
    format::doc_lines,
    rust,
};
use crate::{
    ir::{ImageCount, Node, Type},
    lower::transforms,
};

/// What the images are evaluated for, and so how each is written.
#[derive(Clone, Copy)]
enum Use {
    /// Whether it matches, what it wrote taken back if it does not: `bool`.
    Matches,
    /// A set image's squares: `Bitboard`.
    Squares,
    /// A numeric image's value: `Option<i64>`.
    Number,
}

/// One image, written with its constants recorded.
struct Written {
    code: TokenStream,
    constants: Vec<Constant>,
}

/// The images of a transform, written for one use: each a call of its own,
/// or, where many images share one function, a table of their constants
/// and one call in a loop over it.
enum Calls {
    /// Each image's note and call, in the order CQL 6.2 evaluates them.
    Each(Vec<(TokenStream, TokenStream)>),
    /// The images' table (in that order), the pattern a row binds, the call
    /// with the row's names, and a note of the query's text.
    Table { table: TokenStream, row: TokenStream, call: TokenStream, note: TokenStream },
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
            Calls::Table { table, row, call, note } => {
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

impl Emitter {
    /// The value of a transform of type `ty` whose images are `images`:
    /// whether one matches, the union of their squares, or the greatest of
    /// their values (a transform of a string or a position is Boolean).
    pub(super) fn images(&self, ty: Type, images: &[Node], range: Option<&ImageCount>) -> TokenStream {
        if let Some(range) = range {
            return self.images_counted(images, range);
        }
        match ty {
            Type::Set => {
                let unions = self.image_calls(Use::Squares, images).each(|squares| quote!(union |= #squares;));
                quote!({
                    let mut union = Bitboard::EMPTY;
                    #unions
                    union
                })
            }
            Type::Numeric => {
                let offers = self.image_calls(Use::Number, images).each(|value| {
                    let image = rust::with_cursor(value);
                    quote!(greatest.offer(at, #image);)
                });
                quote!({
                    let mut greatest = Greatest::start(at);
                    #offers
                    greatest.value()
                })
            }
            Type::Boolean | Type::String | Type::Position => self.any_image(images),
        }
    }

    /// How many of `images` match, if that is in `range` (each is
    /// evaluated, keeping what it wrote if it matches; if the count is out
    /// of the range, what they all wrote is taken back).
    fn images_counted(&self, images: &[Node], range: &ImageCount) -> TokenStream {
        let attempts = self.image_calls(Use::Matches, images).each(|matches| quote!(matched += i64::from(#matches);));
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

    /// Whether one of `images` matches: each is evaluated, keeping what it
    /// wrote if it matches; if none writes anything, only until one matches.
    pub(super) fn any_image(&self, images: &[Node]) -> TokenStream {
        let calls = self.image_calls(Use::Matches, images);
        if !images.iter().any(Node::writes) {
            return match calls {
                Calls::Each(calls) => {
                    let attempts = calls.into_iter().map(|(note, matches)| quote!({ #note #matches }));
                    quote!(#(#attempts)||*)
                }
                Calls::Table { table, row, call, note } => quote!({
                    #note
                    let mut matched = false;
                    for &#row in #table {
                        if #call {
                            matched = true;
                            break;
                        }
                    }
                    matched
                }),
            };
        }
        let attempts = calls.each(|matches| quote!(matched |= #matches;));
        quote!({
            let mut matched = false;
            #attempts
            matched
        })
    }

    /// Each of `images` written for `purpose`, with a note of its text, in
    /// the order CQL 6.2 evaluates them. A function that images share is
    /// named after the first of them (the query's own text, if it is one);
    /// many images that all share one are a table.
    fn image_calls(&self, purpose: Use, images: &[Node]) -> Calls {
        let written: Vec<Written> = images
            .iter()
            .map(|image| {
                let (code, constants) = self.recording(|| self.image(purpose, image));
                Written { code, constants }
            })
            .collect();
        let shapes: Vec<String> = written.iter().map(|image| image.code.to_string()).collect();
        // Written in the order they are evaluated, so that the images of a
        // transform inside an image of another are written alike in each.
        let order = transforms::evaluation_order(images);
        if images.len() >= TABLE_FROM && shapes.iter().all(|shape| *shape == shapes[0]) {
            return self.image_table(purpose, images, &written, &order);
        }
        Calls::Each(
            order
                .into_iter()
                .map(|i| {
                    let group: Vec<usize> = (0..images.len()).filter(|&j| shapes[j] == shapes[i]).collect();
                    let call = if group.len() == 1 {
                        self.instantiate(&written[i])
                    } else {
                        let members: Vec<&Written> = group.iter().map(|&j| &written[j]).collect();
                        let (name, parameters) = self.shared_image(purpose, &images[group[0]], &members);
                        let arguments = parameters
                            .iter()
                            .map(|parameter| self.constant(written[i].constants[parameter.first_index].clone()));
                        quote!(#name(at, #(#arguments),*))
                    };
                    (self.note(&images[i].source), rust::tail(call))
                })
                .collect(),
        )
    }

    /// All of `images` (written as `written`, with one shape) as a table of
    /// the constants they differ in, rows in `order`, and a call of their
    /// function with a row. A column of single squares holds them as
    /// squares.
    fn image_table(&self, purpose: Use, images: &[Node], written: &[Written], order: &[usize]) -> Calls {
        let members: Vec<&Written> = written.iter().collect();
        let (function, parameters) = self.shared_image(purpose, &images[0], &members);
        let passing: Vec<Passing> = parameters.iter().map(Passing::of).collect();
        let columns: Vec<(&Parameter, Passing)> =
            parameters.iter().zip(passing.iter().copied()).filter(|(_, passing)| *passing != Passing::Once).collect();
        let types: Vec<TokenStream> = columns
            .iter()
            .map(|(parameter, passing)| match passing {
                Passing::Squares => quote!(Square),
                _ => parameter.column[0].rust_type(),
            })
            .collect();
        let cell =
            |(parameter, passing): &(&Parameter, Passing), image: usize| match (&parameter.column[image], passing) {
                (Constant::Squares(mask), Passing::Squares) => square(mask.trailing_zeros()),
                (constant, _) => constant.code(),
            };
        // A row of one column is its value, not a tuple of one.
        let tuple = |parts: Vec<TokenStream>| match parts.as_slice() {
            [one] => one.clone(),
            _ => quote!((#(#parts),*)),
        };
        let rows: Vec<TokenStream> =
            order.iter().map(|&image| tuple(columns.iter().map(|column| cell(column, image)).collect())).collect();
        let row_type = tuple(types);
        let count = order.len();
        let identity = format!("table {row_type} {}", quote!(#(#rows),*));
        let doc = doc_lines(&format!("The constants of the {count} images of `{}`, one row each.", images[0].source));
        let length = proc_macro2::Literal::usize_unsuffixed(count);
        let name = self.item(identity, "IMAGES", |name| {
            quote! {
                #(#[doc = #doc])*
                const #name: [#row_type; #length] = [#(#rows),*];
            }
        });
        let table = self.constant(Constant::Table { name, row: row_type.to_string(), rows: count });
        let names: Vec<TokenStream> = columns
            .iter()
            .map(|(parameter, _)| {
                let name = &parameter.name;
                quote!(#name)
            })
            .collect();
        let arguments: Vec<TokenStream> = parameters
            .iter()
            .zip(&passing)
            .map(|(parameter, passing)| {
                let name = &parameter.name;
                match passing {
                    Passing::Once => self.constant(parameter.column[0].clone()),
                    Passing::Squares => quote!(Bitboard::from_square(#name)),
                    Passing::Values => quote!(#name),
                }
            })
            .collect();
        Calls::Table {
            table,
            row: tuple(names),
            call: quote!(#function(at, #(#arguments),*)),
            note: self.note(&images[0].source),
        }
    }

    /// One image, written for `purpose`.
    fn image(&self, purpose: Use, image: &Node) -> TokenStream {
        match purpose {
            Use::Matches => self.attempt(image),
            Use::Squares => self.set(image),
            Use::Number => self.number(image),
        }
    }

    /// An image whose code no other image shares, with its constants written.
    fn instantiate(&self, image: &Written) -> TokenStream {
        rust::substitute(image.code.clone(), &|ident: &Ident| {
            let index = placeholder_index(ident)?;
            Some(self.constant(image.constants[index].clone()))
        })
    }

    /// The function that `group`'s images share (the first of them is
    /// `first_node`), and its parameters.
    fn shared_image(&self, purpose: Use, first_node: &Node, group: &[&Written]) -> (Ident, Vec<Parameter>) {
        let first = group[0];
        let mut parameters: Vec<Parameter> = Vec::new();
        // What each placeholder becomes in the function: a literal (a note, or
        // a constant all the images share, unless an enclosing image may
        // differ in it) or a parameter; and how it is named in the function's
        // identity, which leaves the notes and the parameters' names out, so
        // that functions differing only in those are one.
        let mut identity = Vec::new();
        let slots: Vec<TokenStream> = (0..first.constants.len())
            .map(|index| {
                let column: Vec<Constant> = group.iter().map(|image| image.constants[index].clone()).collect();
                let constant = column[0].clone();
                let shared = column.iter().all(|c| *c == constant) && !self.is_recording();
                if matches!(constant, Constant::Note(_)) || shared {
                    identity.push(if shared { constant.code().to_string() } else { "note".to_owned() });
                    return constant.code();
                }
                let known = parameters.iter().position(|parameter| parameter.column == column);
                let parameter = known.unwrap_or_else(|| {
                    let name = parameter_name(&constant.parameter_name(), |name| {
                        parameters.iter().any(|parameter| parameter.name == name)
                    });
                    parameters.push(Parameter { name, column, first_index: index });
                    parameters.len() - 1
                });
                identity.push(format!("parameter {parameter}"));
                let name = &parameters[parameter].name;
                quote!(#name)
            })
            .collect();
        let body = rust::block(rust::tail(rust::substitute(first.code.clone(), &|ident: &Ident| {
            placeholder_index(ident).map(|index| slots[index].clone())
        })));
        let at = if rust::mentions(&body, "at") { quote!(at) } else { quote!(_at) };
        let names = parameters.iter().map(|parameter| &parameter.name);
        let types = parameters.iter().map(|parameter| parameter.column[0].rust_type());
        let value = match purpose {
            Use::Matches => quote!(bool),
            Use::Squares => quote!(Bitboard),
            Use::Number => quote!(Option<i64>),
        };
        let signature = quote!((#at: &mut Cursor<'_>, #(#names: #types),*) -> #value);
        let identity = format!("{value} {} {identity:?}", first.code);
        let doc = doc_lines(&format!(
            "`{}` and its images under a transform, which differ only in the constants that are the parameters.",
            first_node.source
        ));
        let name = self.item(identity, "image", |name| {
            quote! {
                #(#[doc = #doc])*
                fn #name #signature #body
            }
        });
        (name, parameters)
    }
}

/// How a table of images passes a parameter of their function.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Passing {
    /// Once, beside the table: every image has the same constant.
    Once,
    /// A column of single squares, as `Square`s.
    Squares,
    /// A column of the constants as they are.
    Values,
}

impl Passing {
    /// How the table passes `parameter`.
    fn of(parameter: &Parameter) -> Passing {
        let column = &parameter.column;
        if column.iter().all(|constant| *constant == column[0]) {
            Passing::Once
        } else if column.iter().all(|constant| matches!(constant, Constant::Squares(mask) if mask.count_ones() == 1)) {
            Passing::Squares
        } else {
            Passing::Values
        }
    }
}

/// A parameter of an image's function: the constants the images pass it.
struct Parameter {
    name: Ident,
    column: Vec<Constant>,
    /// The index of a placeholder it stands for.
    first_index: usize,
}

#[cfg(test)]
mod tests {
    use crate::searcher_source;

    fn program(body: &str) -> String {
        searcher_source(&format!("cql() {body}"), "q", "q.cql").unwrap()
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
