//! A path's steps as an automaton (Thompson's construction): a move
//! constituent consumes a move, a filter constituent is a test on the way,
//! and a repetition `{m,n}` is `m` copies of its body followed by `n - m`
//! optional ones (or a loop, without `n`). The copies refer to the same
//! constituents, so each constituent's code is written once. The runtime
//! runs all states at once over the game tree, so nested repetition never
//! backtracks.

use crate::ir::{Constituent, Expr, Node, Step};

/// One state; successors are named by index, state 0 is the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    /// Consumes a move passing move constituent number `.1`, then the successor.
    Move(usize, usize),
    /// The successor, if filter constituent number `.1` holds.
    Filter(usize, usize),
    /// Either successor, the first preferred.
    Split(usize, usize),
    /// The path is complete.
    Accept,
}

/// Whether filter constituent `node` holds at every position and does
/// nothing else: `.`, the squares of the board (a line's gaps, `. {*}`).
fn always_holds(node: &Node) -> bool {
    matches!(node.expr, Expr::Squares(squares) if squares != 0)
}

/// The automaton of a path's `steps` over its `constituents`.
pub(super) fn automaton(steps: &[Step], constituents: &[Constituent]) -> Vec<State> {
    let mut builder = Builder { constituents, states: vec![State::Accept] };
    let start = builder.sequence(steps, 0);
    builder.numbered_from(start)
}

struct Builder<'c> {
    constituents: &'c [Constituent],
    states: Vec<State>,
}

impl Builder<'_> {
    fn push(&mut self, state: State) -> usize {
        self.states.push(state);
        self.states.len() - 1
    }

    /// The states numbered in the order a reader follows them: depth first
    /// from `start`, first successors first.
    fn numbered_from(self, start: usize) -> Vec<State> {
        let mut order = Vec::with_capacity(self.states.len());
        let mut number = vec![usize::MAX; self.states.len()];
        let mut pending = vec![start];
        while let Some(state) = pending.pop() {
            if number[state] != usize::MAX {
                continue;
            }
            number[state] = order.len();
            order.push(state);
            match self.states[state] {
                State::Move(next, _) | State::Filter(next, _) => pending.push(next),
                State::Split(first, second) => pending.extend([second, first]),
                State::Accept => {}
            }
        }
        order
            .iter()
            .map(|&state| match self.states[state] {
                State::Move(next, constituent) => State::Move(number[next], constituent),
                State::Filter(next, constituent) => State::Filter(number[next], constituent),
                State::Split(first, second) => State::Split(number[first], number[second]),
                State::Accept => State::Accept,
            })
            .collect()
    }

    /// Whether `step` consumes no move and always holds (a filter that
    /// [always holds](always_holds), or a repetition of such steps): it
    /// needs no state, and its successor is its entry.
    fn always_passes(&self, step: &Step) -> bool {
        match step {
            Step::Constituent(index) => {
                matches!(&self.constituents[*index], Constituent::Filter(node) if always_holds(node))
            }
            Step::Repeat { steps, .. } => steps.iter().all(|step| self.always_passes(step)),
        }
    }

    /// The entry of `steps` followed by state `next`.
    fn sequence(&mut self, steps: &[Step], next: usize) -> usize {
        steps.iter().rev().fold(next, |next, step| self.step(step, next))
    }

    fn step(&mut self, step: &Step, next: usize) -> usize {
        if self.always_passes(step) {
            return next;
        }
        match step {
            Step::Constituent(index) => match self.constituents[*index] {
                Constituent::Move(_) => self.push(State::Move(next, *index)),
                Constituent::Filter(_) => self.push(State::Filter(next, *index)),
            },
            Step::Repeat { steps, min, max } => {
                // A loop: the split is the body's end, and the entry too
                // without a required copy; `X{m,}` is `X{m-1}` then a copy
                // of X that loops back to itself, so `X+` is one copy.
                let (mut entry, copies) = match max {
                    None => {
                        let split = self.push(State::Split(usize::MAX, next));
                        let body = self.sequence(steps, split);
                        self.states[split] = State::Split(body, next);
                        if *min == 0 { (split, 0) } else { (body, *min - 1) }
                    }
                    Some(max) => {
                        let optional = (*min..*max).fold(next, |after, _| {
                            let body = self.sequence(steps, after);
                            self.push(State::Split(body, next))
                        });
                        (optional, *min)
                    }
                };
                for _ in 0..copies {
                    entry = self.sequence(steps, entry);
                }
                entry
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{MoveTest, Type};

    /// Constituent 0 is a move, 1 a filter, 2 the filter `.`.
    fn constituents() -> Vec<Constituent> {
        let test = MoveTest { from: None, to: None, capture: false, promotion: None, source: "――".into() };
        let check = Node { expr: Expr::Bool(true), ty: Type::Boolean, source: "check".into() };
        let any = Node { expr: Expr::Squares(u64::MAX), ty: Type::Set, source: ".".into() };
        vec![Constituent::Move(test), Constituent::Filter(check), Constituent::Filter(any)]
    }

    const MOVE: Step = Step::Constituent(0);
    const CHECK: Step = Step::Constituent(1);
    const ANY: Step = Step::Constituent(2);

    /// The automaton in a compact notation: `M1` a move to state 1, `F2` a
    /// filter to state 2, `S1|3` a split, `A` accept.
    fn shape(steps: &[Step]) -> String {
        let states = automaton(steps, &constituents());
        let text: Vec<String> = states
            .iter()
            .map(|state| match state {
                State::Move(next, _) => format!("M{next}"),
                State::Filter(next, _) => format!("F{next}"),
                State::Split(first, second) => format!("S{first}|{second}"),
                State::Accept => "A".into(),
            })
            .collect();
        text.join(" ")
    }

    #[test]
    fn a_sequence_is_a_chain_of_states() {
        // ―― check ――
        assert_eq!(shape(&[MOVE, CHECK, MOVE]), "M1 F2 M3 A");
    }

    /// `.` holds everywhere and writes nothing: it is no state. A line's gap
    /// `--> . {*} -->` is a loop of moves alone.
    #[test]
    fn a_filter_that_always_holds_is_no_state() {
        assert_eq!(shape(&[MOVE, ANY, CHECK]), "M1 F2 A");
        let gap = Step::Repeat { steps: vec![ANY, MOVE], min: 0, max: None };
        assert_eq!(shape(&[MOVE, gap, CHECK]), "M1 S2|3 M1 F4 A");
        assert_eq!(shape(&[MOVE, Step::Repeat { steps: vec![ANY], min: 1, max: None }]), "M1 A");
    }

    #[test]
    fn plus_is_one_copy_that_loops_back() {
        // (―― check)+
        let steps = [Step::Repeat { steps: vec![MOVE, CHECK], min: 1, max: None }];
        assert_eq!(shape(&steps), "M1 F2 S0|3 A");
        // ――{3,}: two copies, then one that loops back to itself.
        assert_eq!(shape(&[Step::Repeat { steps: vec![MOVE], min: 3, max: None }]), "M1 M2 M3 S2|4 A");
    }

    #[test]
    fn nested_plus_grows_linearly() {
        // ((((―― check)+)+)+ ...)+, 20 levels: one state per constituent and per level.
        let nested = (0..20).fold(vec![MOVE, CHECK], |steps, _| vec![Step::Repeat { steps, min: 1, max: None }]);
        assert_eq!(automaton(&nested, &constituents()).len(), 2 + 20 + 1);
    }

    #[test]
    fn a_bounded_repetition_nests_optional_copies() {
        // ――{1,3}: one move, then up to two more, each optional.
        let steps = [Step::Repeat { steps: vec![MOVE], min: 1, max: Some(3) }];
        assert_eq!(shape(&steps), "M1 S2|5 M3 S4|5 M5 A");
        // ――? and ――*
        assert_eq!(shape(&[Step::Repeat { steps: vec![MOVE], min: 0, max: Some(1) }]), "S1|2 M2 A");
        assert_eq!(shape(&[Step::Repeat { steps: vec![MOVE], min: 0, max: None }]), "S1|2 M0 A");
    }

    #[test]
    fn the_steps_count_the_states_of_their_automaton() {
        let steps = [
            CHECK,
            Step::Repeat {
                steps: vec![MOVE, Step::Repeat { steps: vec![MOVE, CHECK], min: 2, max: Some(4) }],
                min: 3,
                max: None,
            },
            Step::Repeat { steps: vec![MOVE], min: 0, max: None },
            Step::Repeat { steps: vec![CHECK, MOVE], min: 1, max: Some(3) },
        ];
        let counted: usize = steps.iter().map(Step::states).sum();
        // The accepting state is not a step's.
        assert_eq!(automaton(&steps, &constituents()).len(), counted + 1);
    }

    #[test]
    fn every_copy_of_a_repeated_constituent_refers_to_it() {
        let steps = [Step::Repeat { steps: vec![MOVE], min: 3, max: Some(3) }];
        let states = automaton(&steps, &constituents());
        assert!(states.iter().all(|state| matches!(state, State::Move(_, 0) | State::Accept)));
    }
}
