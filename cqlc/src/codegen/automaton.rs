//! A path's constituents as an automaton (Thompson's construction): a move
//! constituent consumes a move, a filter constituent is a test on the way,
//! and a repetition `{m,n}` is `m` copies of its body followed by `n - m`
//! optional ones (or a loop, without `n`). The runtime runs all states at
//! once over the game tree, so nested repetition never backtracks.

use crate::ir::{MoveTest, Node, Step};

/// One state; successors are named by index, state 0 is the start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum State<'s> {
    /// Consumes a move passing the test, then the successor.
    Move(usize, &'s MoveTest),
    /// The successor, if the filter holds.
    Filter(usize, &'s Node),
    /// Either successor, the first preferred.
    Split(usize, usize),
    /// The path is complete.
    Accept,
}

/// The automaton of a path's `steps`.
pub(super) fn automaton(steps: &[Step]) -> Vec<State<'_>> {
    let mut builder = Builder { states: vec![State::Accept] };
    let start = builder.sequence(steps, 0);
    builder.numbered_from(start)
}
struct Builder<'s> {
    states: Vec<State<'s>>,
}

impl<'s> Builder<'s> {
    fn push(&mut self, state: State<'s>) -> usize {
        self.states.push(state);
        self.states.len() - 1
    }

    /// The states numbered in the order a reader follows them: depth first
    /// from `start`, first successors first.
    fn numbered_from(self, start: usize) -> Vec<State<'s>> {
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
                State::Move(next, test) => State::Move(number[next], test),
                State::Filter(next, node) => State::Filter(number[next], node),
                State::Split(first, second) => State::Split(number[first], number[second]),
                State::Accept => State::Accept,
            })
            .collect()
    }

    /// The entry of `steps` followed by state `next`.
    fn sequence(&mut self, steps: &'s [Step], next: usize) -> usize {
        steps.iter().rev().fold(next, |next, step| self.step(step, next))
    }

    fn step(&mut self, step: &'s Step, next: usize) -> usize {
        match step {
            Step::Move(test) => self.push(State::Move(next, test)),
            Step::Filter(node) => self.push(State::Filter(next, node)),
            Step::Repeat { steps, min, max } => {
                let mut entry = match max {
                    None => {
                        // A loop: the split is the entry and the body's end.
                        let split = self.push(State::Split(usize::MAX, next));
                        let body = self.sequence(steps, split);
                        self.states[split] = State::Split(body, next);
                        split
                    }
                    Some(max) => (*min..*max).fold(next, |after, _| {
                        let body = self.sequence(steps, after);
                        self.push(State::Split(body, next))
                    }),
                };
                for _ in 0..*min {
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
    use crate::ir::{Expr, Type};

    fn test() -> MoveTest {
        MoveTest { from: None, to: None, capture: false, promotion: None, source: "――".into() }
    }

    fn check() -> Node {
        Node { expr: Expr::Bool(true), ty: Type::Boolean, source: "check".into() }
    }

    /// The automaton in a compact notation: `M1` a move to state 1, `F2` a
    /// filter to state 2, `S1|3` a split, `A` accept.
    fn shape(steps: &[Step]) -> String {
        let states = automaton(steps);
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
        let steps = [Step::Move(test()), Step::Filter(check()), Step::Move(test())];
        assert_eq!(shape(&steps), "M1 F2 M3 A");
    }

    #[test]
    fn plus_is_one_copy_then_a_loop() {
        // (―― check)+
        let steps = [Step::Repeat { steps: vec![Step::Move(test()), Step::Filter(check())], min: 1, max: None }];
        assert_eq!(shape(&steps), "M1 F2 S3|5 M4 F2 A");
    }

    #[test]
    fn a_bounded_repetition_nests_optional_copies() {
        // ――{1,3}: one move, then up to two more, each optional.
        let steps = [Step::Repeat { steps: vec![Step::Move(test())], min: 1, max: Some(3) }];
        assert_eq!(shape(&steps), "M1 S2|5 M3 S4|5 M5 A");
        // ――? and ――*
        let optional = [Step::Repeat { steps: vec![Step::Move(test())], min: 0, max: Some(1) }];
        assert_eq!(shape(&optional), "S1|2 M2 A");
        let star = [Step::Repeat { steps: vec![Step::Move(test())], min: 0, max: None }];
        assert_eq!(shape(&star), "S1|2 M0 A");
    }
}
