//! The doubled graph of a board: two nodes for every square.
//!
//! Where the player may go next depends on two things: the square she stands on,
//! and whether she is moving forward (along her square's arrow) or backward (along
//! the opposite line). So every square (r, c) has two nodes, the *forward* node and
//! the *backward* node, and a move is an edge from one node to another:
//!
//! - From an arrow square's forward node, follow the arrow's line square by square,
//!   nearest first, to the edge of the board. Every square on it whose colour
//!   differs from this square's is a place to stop, and the target counts as a
//!   different colour; squares of the same colour are passed over. Each stop is an
//!   edge: into the stop's forward node, or into its backward node when the stop is
//!   circled.
//! - From a backward node, the same along the opposite line, and the other way
//!   round: into the stop's backward node, or its forward node when the stop is
//!   circled.
//! - An edge into the target always goes to the target's forward node: the search
//!   ends there, so the way of moving no longer matters. The target's two nodes
//!   have no edges out, and its backward node no edges in.
//!
//! Nodes are numbered so that a plain `Vec` can hold one entry per node (see
//! [`Graph::index`]), and the graph keeps, for every node, the list of the nodes its
//! edges lead to: its *adjacency list*, in the order above, nearest stop first.

use super::board::Board;

// ANCHOR: node
/// A square and the way the player moves from it: a node of the [`Graph`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Node {
    /// The square's row, counted from 1.
    pub row: usize,
    /// The square's column, counted from 1.
    pub col: usize,
    /// Whether the player moves backward (along the opposite of the arrow) from
    /// here; `false` means forward.
    pub backward: bool,
}
// ANCHOR_END: node

impl Node {
    /// The forward node of square (`row`, `col`).
    pub fn forward(row: usize, col: usize) -> Node {
        Node {
            row,
            col,
            backward: false,
        }
    }

    /// The backward node of square (`row`, `col`).
    pub fn backward(row: usize, col: usize) -> Node {
        Node {
            row,
            col,
            backward: true,
        }
    }
}

// ANCHOR: graph
/// The doubled graph of a board, as adjacency lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    /// The board's rows.
    rows: usize,
    /// The board's columns.
    cols: usize,
    /// `adjacency[i]` lists the indexes of the nodes that node `i`'s edges lead to,
    /// nearest stop first. It has `2 × rows × cols` lists, one for every node.
    adjacency: Vec<Vec<usize>>,
}
// ANCHOR_END: graph

impl Graph {
    // ANCHOR: new
    /// The doubled graph of `board`, with the edges the [module](self)
    /// documentation describes: for every node, in the order of [`Graph::index`], the
    /// indexes of the nodes it leads to, nearest first.
    pub fn new(board: &Board) -> Graph {
        // TODO (handout §10.2): write Graph::new.
        todo!(
            "Graph::new (handout §10.2): build the adjacency lists of the doubled graph of {board:?}"
        )
    }
    // ANCHOR_END: new

    // ANCHOR: index
    /// The number of `node`, from 0 to `2 × rows × cols − 1`:
    /// `2 × ((row − 1) × cols + (col − 1))`, plus 1 for a backward node. Squares are
    /// counted row by row, and each square's forward node comes just before its
    /// backward node.
    ///
    /// # Panics
    /// If the node's square is not on the board.
    pub fn index(&self, node: Node) -> usize {
        assert!(
            (1..=self.rows).contains(&node.row) && (1..=self.cols).contains(&node.col),
            "{node:?} is not on the {}x{} board",
            self.rows,
            self.cols
        );
        2 * ((node.row - 1) * self.cols + (node.col - 1)) + usize::from(node.backward)
    }

    /// The node numbered `index`: the opposite of [`Graph::index`].
    ///
    /// # Panics
    /// If `index` is not below [`Graph::node_count`].
    pub fn node(&self, index: usize) -> Node {
        assert!(
            index < self.node_count(),
            "node {index} is not in a graph of {} nodes",
            self.node_count()
        );
        let square = index / 2;
        Node {
            row: square / self.cols + 1,
            col: square % self.cols + 1,
            backward: index % 2 == 1,
        }
    }
    // ANCHOR_END: index

    // ANCHOR: accessors
    /// The number of nodes: two for every square.
    pub fn node_count(&self) -> usize {
        2 * self.rows * self.cols
    }

    /// The board's rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The board's columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The indexes of the nodes that node number `index` leads to, nearest stop
    /// first.
    ///
    /// # Panics
    /// If `index` is not below [`Graph::node_count`].
    pub fn neighbor_indexes(&self, index: usize) -> &[usize] {
        &self.adjacency[index]
    }

    /// The nodes that `node` leads to, nearest stop first.
    ///
    /// # Panics
    /// If the node's square is not on the board.
    pub fn neighbors(&self, node: Node) -> Vec<Node> {
        self.neighbor_indexes(self.index(node))
            .iter()
            .map(|&index| self.node(index))
            .collect()
    }
    // ANCHOR_END: accessors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrows::format::parse;

    /// Squares are written `R→` (red, east), `B↙o` (blue, south-west, circled)
    /// and `X` (the target) in the expectations below.
    fn board(text: &str) -> Board {
        parse(text).unwrap()
    }

    #[test]
    fn nodes_are_numbered_square_by_square_forward_first() {
        let graph = Graph::new(&board(
            "2 3\n1 1 R N E\n1 2 R N E\n1 3 R N E\n2 1 R N E\n2 2 R N E\n2 3 X N X\n",
        ));
        assert_eq!(graph.node_count(), 12);
        assert_eq!(graph.index(Node::forward(1, 1)), 0);
        assert_eq!(graph.index(Node::backward(1, 1)), 1);
        assert_eq!(graph.index(Node::forward(1, 2)), 2);
        assert_eq!(graph.index(Node::backward(2, 1)), 7);
        for index in 0..graph.node_count() {
            assert_eq!(graph.index(graph.node(index)), index);
        }
    }

    #[test]
    fn stops_are_squares_of_the_other_colour_nearest_first() {
        // R→ R→ B→ R→ B→ X: from (1,1), (1,2) is passed over.
        let graph = Graph::new(&board(
            "1 6\n1 1 R N E\n1 2 R N E\n1 3 B N E\n1 4 R N E\n1 5 B N W\n1 6 X N X\n",
        ));
        assert_eq!(
            graph.neighbors(Node::forward(1, 1)),
            vec![
                Node::forward(1, 3),
                Node::forward(1, 5),
                Node::forward(1, 6)
            ]
        );
        // Backward from (1,1) points west, off the board.
        assert!(graph.neighbors(Node::backward(1, 1)).is_empty());
        // (1,5) points west: its forward line is (1,4) (1,3) (1,2) (1,1).
        assert_eq!(
            graph.neighbors(Node::forward(1, 5)),
            vec![
                Node::forward(1, 4),
                Node::forward(1, 2),
                Node::forward(1, 1)
            ]
        );
        assert_eq!(
            graph.neighbors(Node::backward(1, 5)),
            vec![Node::forward(1, 6)]
        );
    }

    #[test]
    fn stopping_on_a_circled_square_flips_the_way_of_moving() {
        // R↓ over B↑o over X, in one column.
        let graph = Graph::new(&board("3 1\n1 1 R N S\n2 1 B C N\n3 1 X N X\n"));
        assert_eq!(
            graph.neighbors(Node::forward(1, 1)),
            vec![Node::backward(2, 1), Node::forward(3, 1)]
        );
        // Backward from (1,1) points north: nothing.
        assert!(graph.neighbors(Node::backward(1, 1)).is_empty());
        // From (2,1) backward (south): the target, always its forward node.
        assert_eq!(
            graph.neighbors(Node::backward(2, 1)),
            vec![Node::forward(3, 1)]
        );
        // From (2,1) forward (north): (1,1) is red, not circled: stays forward.
        assert_eq!(
            graph.neighbors(Node::forward(2, 1)),
            vec![Node::forward(1, 1)]
        );
    }

    #[test]
    fn from_a_backward_node_a_circled_stop_leads_forward() {
        // B←  R→o  B←: (1,3) backward points east, off the board; (1,3) forward
        // points west to the circled red (1,2), then (1,1) is blue like (1,3).
        let graph = Graph::new(&board(
            "2 3\n1 1 B N W\n1 2 R C E\n1 3 B N W\n2 1 B N NE\n2 2 B N N\n2 3 X N X\n",
        ));
        assert_eq!(
            graph.neighbors(Node::forward(1, 3)),
            vec![Node::backward(1, 2)]
        );
        // (2,1) points north-east, to (1,2); backward (south-west) leaves the board.
        assert_eq!(
            graph.neighbors(Node::forward(2, 1)),
            vec![Node::backward(1, 2)]
        );
        // (1,2) backward points west: (1,1) is blue, not circled: stays backward.
        assert_eq!(
            graph.neighbors(Node::backward(1, 2)),
            vec![Node::backward(1, 1)]
        );
        // (1,1) backward points east: (1,2) is red and circled: backward becomes forward.
        assert_eq!(
            graph.neighbors(Node::backward(1, 1)),
            vec![Node::forward(1, 2)]
        );
    }

    #[test]
    fn the_target_has_no_edges_out() {
        let graph = Graph::new(&board("1 2\n1 1 X N X\n1 2 R N W\n"));
        assert!(graph.neighbors(Node::forward(1, 1)).is_empty());
        assert!(graph.neighbors(Node::backward(1, 1)).is_empty());
        assert_eq!(
            graph.neighbors(Node::forward(1, 2)),
            vec![Node::forward(1, 1)]
        );
    }

    #[test]
    fn diagonal_lines_stop_at_the_border() {
        // 3×3, (3,3) points north-west along the diagonal (2,2), (1,1).
        let graph = Graph::new(&board(
            "3 3\n1 1 B N E\n1 2 B N E\n1 3 X N X\n2 1 B N E\n2 2 R N E\n2 3 B N E\n3 1 B N E\n3 2 B N E\n3 3 R N NW\n",
        ));
        assert_eq!(
            graph.neighbors(Node::forward(3, 3)),
            vec![Node::forward(1, 1)]
        );
        assert!(graph.neighbors(Node::backward(3, 3)).is_empty());
    }
}
