//! Your own stack, for depth-first search.
//!
//! A stack hands items back in the opposite order they were put in: last in, first
//! out, like a pile of plates. Depth-first search keeps the rooms it still has to
//! look at on one, so it always goes on from the room it found most recently.
//!
//! The items live in a `Vec` whose end is the top of the stack: pushing and popping
//! at the end of a `Vec` never moves the other items, so both are fast.

// ANCHOR: stack
/// A last-in, first-out stack of items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stack<T> {
    /// The items, bottom first: the top of the stack is the last one.
    items: Vec<T>,
}
// ANCHOR_END: stack

// ANCHOR: stack_impl
impl<T> Stack<T> {
    /// An empty stack.
    pub fn new() -> Stack<T> {
        // TODO (handout §7.1): write Stack::new.
        todo!("Stack::new (handout §7.1): an empty stack")
    }

    /// Puts `item` on top of the stack.
    pub fn push(&mut self, item: T) {
        // TODO (handout §7.1): write Stack::push.
        todo!(
            "Stack::push (handout §7.1): put a {} on top of the {} items of the stack",
            std::any::type_name_of_val(&item),
            self.items.len()
        )
    }

    /// Takes the top item off the stack and returns it; `None` when the stack is
    /// empty.
    pub fn pop(&mut self) -> Option<T> {
        // TODO (handout §7.1): write Stack::pop.
        todo!(
            "Stack::pop (handout §7.1): take the top item off the stack of {} items",
            self.items.len()
        )
    }

    /// The top item, left on the stack; `None` when the stack is empty.
    pub fn peek(&self) -> Option<&T> {
        // TODO (handout §7.1): write Stack::peek.
        todo!(
            "Stack::peek (handout §7.1): look at the top item of the stack of {} items",
            self.items.len()
        )
    }

    /// How many items are on the stack.
    pub fn len(&self) -> usize {
        // TODO (handout §7.1): write Stack::len.
        todo!("Stack::len (handout §7.1): count the items on the stack")
    }

    /// Whether the stack holds no items.
    pub fn is_empty(&self) -> bool {
        // TODO (handout §7.1): write Stack::is_empty.
        todo!("Stack::is_empty (handout §7.1): is the stack empty")
    }
}
// ANCHOR_END: stack_impl

impl<T> Default for Stack<T> {
    /// An empty stack, the same as [`Stack::new`].
    fn default() -> Stack<T> {
        Stack::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_stack_is_empty() {
        let mut stack: Stack<i32> = Stack::new();
        assert!(stack.is_empty());
        assert_eq!(stack.len(), 0);
        assert_eq!(stack.peek(), None);
        assert_eq!(stack.pop(), None);
    }

    #[test]
    fn pop_returns_the_last_item_pushed() {
        let mut stack = Stack::new();
        stack.push(1);
        stack.push(2);
        stack.push(3);
        assert_eq!(stack.len(), 3);
        assert_eq!(stack.pop(), Some(3));
        assert_eq!(stack.pop(), Some(2));
        assert_eq!(stack.pop(), Some(1));
        assert_eq!(stack.pop(), None);
        assert!(stack.is_empty());
    }

    #[test]
    fn peek_shows_the_top_without_taking_it() {
        let mut stack = Stack::new();
        stack.push("bottom");
        stack.push("top");
        assert_eq!(stack.peek(), Some(&"top"));
        assert_eq!(stack.len(), 2);
        assert_eq!(stack.pop(), Some("top"));
        assert_eq!(stack.peek(), Some(&"bottom"));
    }

    #[test]
    fn pushing_after_popping_keeps_the_order() {
        let mut stack = Stack::default();
        stack.push(String::from("a"));
        stack.push(String::from("b"));
        assert_eq!(stack.pop().as_deref(), Some("b"));
        stack.push(String::from("c"));
        assert_eq!(stack.pop().as_deref(), Some("c"));
        assert_eq!(stack.pop().as_deref(), Some("a"));
        assert!(stack.is_empty());
    }

    #[test]
    fn a_stack_holds_many_items() {
        let mut stack = Stack::new();
        for room in 0..10_000 {
            stack.push(room);
        }
        assert_eq!(stack.len(), 10_000);
        for room in (0..10_000).rev() {
            assert_eq!(stack.pop(), Some(room));
        }
    }
}
