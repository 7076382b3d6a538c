//! A transform's images as the checker makes them: not one copy of the
//! filter per image, but families of images that differ only in their
//! constants, each one template and, for each constant its images differ
//! in, a column of that constant's value in each image. The code generator
//! writes a family's template once, the varying constants as parameters.

use super::{
    Constant, Constituent, Expr, ImageCount, Node,
    constants::{all_constants, substituted},
};

/// What a transform becomes: its distinct images, as families.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageSet {
    /// The families the images belong to; the first holds the query's own.
    pub families: Vec<Family>,
    /// The images, the query's own first, then each map's in turn.
    pub images: Vec<Image>,
    /// The indices of [`ImageSet::images`] in the order CQL 6.2 evaluates
    /// them.
    pub order: Vec<usize>,
    /// `count` or a range: the transform is the number of images that match.
    pub range: Option<ImageCount>,
}

/// One image: which family's member it is, and its own query text.
#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    /// The index of its family in [`ImageSet::families`].
    pub family: usize,
    /// Which member of the family it is (the template is member 0).
    pub member: usize,
    /// Its query text (`♛――down 1 ♛` for the image of `♕――up 1 ♕`).
    pub text: String,
}

/// Images that differ only in constants: the first of them, and the
/// constants the others differ in.
#[derive(Clone, Debug, PartialEq)]
pub struct Family {
    /// The first image: each of the others is it with the constants of
    /// [`Family::slots`] replaced.
    pub template: Node,
    /// The constants of the template that the members differ in.
    pub slots: Vec<Slot>,
    /// How many images the family has.
    pub members: usize,
}

/// A constant of a family's template that its members differ in: its value
/// in each member, the template's first. Wherever the template holds that
/// value, a member holds its own.
#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    /// The value in each member, in member order.
    pub column: Vec<Constant>,
}

impl Slot {
    /// The template's value.
    pub fn template_value(&self) -> &Constant {
        &self.column[0]
    }
}

impl ImageSet {
    /// `images` (the query's own first) as families, each image in the
    /// first family that admits it, evaluated in `order`.
    pub fn new(images: Vec<Node>, order: Vec<usize>, range: Option<ImageCount>) -> ImageSet {
        let mut families: Vec<Family> = Vec::new();
        let mut placed = Vec::with_capacity(images.len());
        for image in images {
            let family = match families.iter_mut().position(|family| family.admit(&image)) {
                Some(family) => family,
                None => {
                    families.push(Family::new(image.clone(), Vec::new()));
                    families.len() - 1
                }
            };
            placed.push(Image { family, member: families[family].members - 1, text: image.source });
        }
        ImageSet { families, images: placed, order, range }
    }

    /// Every image as a filter of its own, in [`ImageSet::images`]' order.
    pub fn instantiated(&self) -> Vec<Node> {
        self.images.iter().map(|image| self.instantiate(image)).collect()
    }

    /// `image` as a filter of its own, with its own text.
    pub fn instantiate(&self, image: &Image) -> Node {
        let mut node = self.families[image.family].instantiate(image.member);
        node.source.clone_from(&image.text);
        node
    }

    /// The family templates, in order.
    pub fn templates(&self) -> impl Iterator<Item = &Node> {
        self.families.iter().map(|family| &family.template)
    }
}

impl Family {
    /// A family of one image, whose constants `slots` are parameters
    /// though no other image differs in them yet.
    pub fn new(template: Node, slots: Vec<Constant>) -> Family {
        let slots = slots.into_iter().map(|value| Slot { column: vec![value] }).collect();
        Family { template, slots, members: 1 }
    }

    /// Member `member`: the template with each slot's value replaced by
    /// the member's.
    pub fn instantiate(&self, member: usize) -> Node {
        let pairs: Vec<(&Constant, &Constant)> =
            self.slots.iter().map(|slot| (slot.template_value(), &slot.column[member])).collect();
        substituted(&self.template, &pairs)
    }

    /// Adds `image` as a member if it is the template with some of its
    /// constants replaced, each value of the template by one value
    /// wherever it stands (texts aside); whether it did.
    pub fn admit(&mut self, image: &Node) -> bool {
        let (template, own) = (all_constants(&self.template), all_constants(image));
        let Some(pairs) = replacements(&self.template, &template, &own, image) else { return false };
        for (from, _) in pairs.iter().filter(|(from, to)| from != to) {
            if !self.slots.iter().any(|slot| slot.template_value() == *from) {
                self.slots.push(Slot { column: vec![(*from).clone(); self.members] });
            }
        }
        for slot in &mut self.slots {
            let value = value_in(&pairs, slot.template_value());
            slot.column.push(value);
        }
        self.members += 1;
        true
    }

    /// The value of each slot in `node`, if it is the template with only
    /// the slots' values replaced (texts aside).
    pub fn values_of(&self, node: &Node) -> Option<Vec<Constant>> {
        let (template, own) = (all_constants(&self.template), all_constants(node));
        let pairs = replacements(&self.template, &template, &own, node)?;
        let is_slot = |value: &Constant| self.slots.iter().any(|slot| slot.template_value() == value);
        if pairs.iter().any(|(from, to)| from != to && !is_slot(from)) {
            return None;
        }
        Some(self.slots.iter().map(|slot| value_in(&pairs, slot.template_value())).collect())
    }
}

/// The replacements that make `template` (whose constants are `from`)
/// `image` (whose constants are `to`), if each value of the template is
/// replaced by one value wherever it stands and nothing else differs but
/// texts.
fn replacements<'c>(
    template: &Node,
    from: &'c [Constant],
    to: &'c [Constant],
    image: &Node,
) -> Option<Vec<(&'c Constant, &'c Constant)>> {
    if from.len() != to.len() {
        return None;
    }
    let mut pairs: Vec<(&Constant, &Constant)> = Vec::new();
    for (from, to) in from.iter().zip(to) {
        match pairs.iter().find(|(known, _)| *known == from) {
            Some((_, known_to)) if *known_to != to => return None,
            Some(_) => {}
            None => pairs.push((from, to)),
        }
    }
    (comparable(&substituted(template, &pairs)) == comparable(image)).then_some(pairs)
}

/// What `value` is replaced by in `pairs` (itself if it is not).
fn value_in(pairs: &[(&Constant, &Constant)], value: &Constant) -> Constant {
    pairs.iter().find(|(from, _)| *from == value).map_or_else(|| value.clone(), |(_, to)| (*to).clone())
}

/// `node` as images of one family must be alike: without its texts, and
/// without the order of the images of a transform inside it that write
/// nothing (an order no one sees; the code generator evaluates them in the
/// template's).
fn comparable(node: &Node) -> Node {
    let mut shape = without_text(node);
    shape.rewrite_bottom_up(&mut |node| {
        if let Expr::Images(set) = &mut node.expr
            && !set.templates().any(Node::writes)
        {
            set.order.clear();
        }
    });
    shape
}

/// `node` without its query texts, to compare what images do.
pub fn without_text(node: &Node) -> Node {
    let mut shape = node.clone();
    shape.rewrite_bottom_up(&mut |node| {
        node.source.clear();
        match &mut node.expr {
            Expr::Images(set) => set.images.iter_mut().for_each(|image| image.text.clear()),
            Expr::Dash(dash) | Expr::CountMoves(dash) => dash.test.source.clear(),
            Expr::Path(path) => {
                for constituent in &mut path.constituents {
                    if let Constituent::Move(test) = constituent {
                        test.source.clear();
                    }
                }
            }
            _ => {}
        }
    });
    shape
}
