//! Items (annotations, comment pieces) grouped by the node they belong to,
//! in one flat list that can be reused from game to game ([`ByNode`]).

/// The indices of items, grouped by node, each group in item order.
#[derive(Clone, Debug, Default)]
pub(crate) struct ByNode {
    /// Where each node's group starts in `items`, and (last) their end.
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl ByNode {
    /// Groups items by node: `nodes` yields the node index of each item,
    /// in item order, for a tree of `node_count` nodes. A counting sort:
    /// linear, stable, and without allocation once the lists are grown.
    pub(crate) fn group(&mut self, node_count: usize, nodes: impl Iterator<Item = usize> + Clone) {
        self.starts.clear();
        self.starts.resize(node_count + 1, 0);
        for node in nodes.clone() {
            self.starts[node + 1] += 1;
        }
        for node in 0..node_count {
            self.starts[node + 1] += self.starts[node];
        }
        self.items.clear();
        self.items.resize(self.starts[node_count] as usize, 0);
        // Each node's start serves as its cursor, then is set back.
        for (item, node) in nodes.enumerate() {
            let at = &mut self.starts[node];
            self.items[*at as usize] = item as u32;
            *at += 1;
        }
        for node in (1..=node_count).rev() {
            self.starts[node] = self.starts[node - 1];
        }
        self.starts[0] = 0;
    }

    /// The indices of the items of node `node`, in order.
    #[inline]
    pub(crate) fn of(&self, node: usize) -> &[u32] {
        &self.items[self.starts[node] as usize..self.starts[node + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_grouped_by_node_in_their_order() {
        let nodes = [2, 0, 2, 3, 0, 2];
        let mut grouped = ByNode::default();
        for _ in 0..2 {
            grouped.group(5, nodes.iter().copied());
            for node in 0..5 {
                let expected: Vec<u32> = (0..nodes.len() as u32).filter(|&item| nodes[item as usize] == node).collect();
                assert_eq!(grouped.of(node), expected, "node {node}");
            }
        }
    }
}
