//! Your own queue, for breadth-first search.
//!
//! A queue hands items back in the order they were put in: first in, first out, like
//! people waiting in line. Breadth-first search keeps the rooms it still has to look
//! at in one, so it looks at all rooms one step away before any room two steps away.
//!
//! It is a *ring buffer*: a row of slots in which the items sit one after another
//! from `head`, wrapping round from the last slot to the first. Taking the front item
//! only moves `head` on by one, so nothing has to be shifted along as it would be in
//! a plain `Vec` (whose `remove(0)` moves every other item). When every slot is full,
//! the queue moves its items, front first, into a row twice as long (at least 4).

// ANCHOR: queue
/// A first-in, first-out queue of items, kept in a growing ring buffer.
#[derive(Debug, Clone)]
pub struct Queue<T> {
    /// The slots: `len` items sit in the slots from `head` on, wrapping round to
    /// slot 0 after the last slot; every other slot is `None`.
    slots: Vec<Option<T>>,
    /// The slot of the front item (the next one [`dequeue`](Queue::dequeue) returns).
    head: usize,
    /// How many items are in the queue.
    len: usize,
}
// ANCHOR_END: queue

// ANCHOR: queue_impl
impl<T> Queue<T> {
    /// An empty queue with no slots yet: the first [`enqueue`](Queue::enqueue) makes
    /// 4.
    pub fn new() -> Queue<T> {
        // TODO (handout §7.2): write Queue::new.
        todo!("Queue::new (handout §7.2): an empty queue with no slots")
    }

    /// An empty queue with room for `capacity` items before it has to grow.
    pub fn with_capacity(capacity: usize) -> Queue<T> {
        // TODO (handout §7.2): write Queue::with_capacity.
        todo!("Queue::with_capacity (handout §7.2): an empty queue with {capacity} empty slots")
    }

    /// Puts `item` at the back of the queue. When every slot is full, the items first
    /// move, front first, to a row of twice as many slots (4 if there were none).
    pub fn enqueue(&mut self, item: T) {
        // TODO (handout §7.2): write Queue::enqueue.
        todo!(
            "Queue::enqueue (handout §7.2): put a {} at the back of the queue ({} items in {} slots)",
            std::any::type_name_of_val(&item),
            self.len,
            self.slots.len()
        )
    }

    /// Takes the front item out of the queue and returns it; `None` when the queue is
    /// empty.
    pub fn dequeue(&mut self) -> Option<T> {
        // TODO (handout §7.2): write Queue::dequeue.
        todo!(
            "Queue::dequeue (handout §7.2): take the front item (slot {}) out of the queue of {} items",
            self.head,
            self.len
        )
    }

    /// The front item, left in the queue; `None` when the queue is empty.
    pub fn peek(&self) -> Option<&T> {
        // TODO (handout §7.2): write Queue::peek.
        todo!(
            "Queue::peek (handout §7.2): look at the front item (slot {}) of the queue of {} items",
            self.head,
            self.len
        )
    }

    /// How many items are in the queue.
    pub fn len(&self) -> usize {
        // TODO (handout §7.2): write Queue::len.
        todo!("Queue::len (handout §7.2): count the items in the queue")
    }

    /// Whether the queue holds no items.
    pub fn is_empty(&self) -> bool {
        // TODO (handout §7.2): write Queue::is_empty.
        todo!("Queue::is_empty (handout §7.2): is the queue empty")
    }

    /// How many items fit before the queue has to grow: its number of slots.
    pub fn capacity(&self) -> usize {
        // TODO (handout §7.2): write Queue::capacity.
        todo!(
            "Queue::capacity (handout §7.2): the number of slots, {}",
            self.slots.len()
        )
    }
}
// ANCHOR_END: queue_impl

impl<T> Default for Queue<T> {
    /// An empty queue, the same as [`Queue::new`].
    fn default() -> Queue<T> {
        Queue::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_queue_is_empty_and_has_no_slots() {
        let mut queue: Queue<u8> = Queue::new();
        assert!(queue.is_empty());
        assert_eq!(queue.len(), 0);
        assert_eq!(queue.capacity(), 0);
        assert_eq!(queue.peek(), None);
        assert_eq!(queue.dequeue(), None);
    }

    #[test]
    fn dequeue_returns_items_in_the_order_they_came() {
        let mut queue = Queue::new();
        for room in [0, 5, 10] {
            queue.enqueue(room);
        }
        assert_eq!(queue.len(), 3);
        assert_eq!(queue.peek(), Some(&0));
        assert_eq!(queue.dequeue(), Some(0));
        assert_eq!(queue.dequeue(), Some(5));
        assert_eq!(queue.dequeue(), Some(10));
        assert_eq!(queue.dequeue(), None);
        assert!(queue.is_empty());
    }

    #[test]
    fn with_capacity_makes_that_many_slots() {
        let queue: Queue<char> = Queue::with_capacity(7);
        assert_eq!(queue.capacity(), 7);
        assert!(queue.is_empty());
    }

    #[test]
    fn the_first_enqueue_makes_four_slots_and_each_full_queue_doubles() {
        let mut queue = Queue::new();
        queue.enqueue('a');
        assert_eq!(queue.capacity(), 4);
        for item in ['b', 'c', 'd'] {
            queue.enqueue(item);
        }
        assert_eq!(queue.capacity(), 4);
        queue.enqueue('e');
        assert_eq!(queue.capacity(), 8);
        for item in ['f', 'g', 'h'] {
            queue.enqueue(item);
        }
        assert_eq!(queue.capacity(), 8);
        // The ninth item doubles again: growing by 4 slots would also have made 8
        // above, but makes 12 here.
        queue.enqueue('i');
        assert_eq!(queue.capacity(), 16);
        let taken: Vec<char> = std::iter::from_fn(|| queue.dequeue()).collect();
        assert_eq!(taken, vec!['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
    }

    #[test]
    fn items_wrap_round_to_the_first_slot_without_growing() {
        let mut queue = Queue::with_capacity(3);
        queue.enqueue(1);
        queue.enqueue(2);
        queue.enqueue(3);
        assert_eq!(queue.dequeue(), Some(1));
        assert_eq!(queue.dequeue(), Some(2));
        // The front is now the last slot; these two go into slots 0 and 1.
        queue.enqueue(4);
        queue.enqueue(5);
        assert_eq!(queue.capacity(), 3);
        assert_eq!(queue.len(), 3);
        assert_eq!(queue.peek(), Some(&3));
        assert_eq!(queue.dequeue(), Some(3));
        assert_eq!(queue.dequeue(), Some(4));
        assert_eq!(queue.dequeue(), Some(5));
        assert_eq!(queue.dequeue(), None);
    }

    #[test]
    fn growing_while_wrapped_round_keeps_the_order() {
        let mut queue = Queue::with_capacity(4);
        for item in 0..4 {
            queue.enqueue(item);
        }
        assert_eq!(queue.dequeue(), Some(0));
        assert_eq!(queue.dequeue(), Some(1));
        queue.enqueue(4);
        queue.enqueue(5); // full again, with the items wrapped round: 2 3 | 4 5
        queue.enqueue(6); // must grow
        assert_eq!(queue.capacity(), 8);
        assert_eq!(queue.len(), 5);
        let taken: Vec<i32> = std::iter::from_fn(|| queue.dequeue()).collect();
        assert_eq!(taken, vec![2, 3, 4, 5, 6]);
    }

    #[test]
    fn a_queue_used_for_long_keeps_its_order() {
        let mut queue = Queue::with_capacity(2);
        let mut next_in = 0;
        let mut next_out = 0;
        for round in 0..1000 {
            // Put in a few more than are taken out, so the queue grows while its
            // items are wrapped round.
            for _ in 0..(round % 3 + 1) {
                queue.enqueue(next_in);
                next_in += 1;
            }
            for _ in 0..(round % 2 + 1) {
                if let Some(item) = queue.dequeue() {
                    assert_eq!(item, next_out);
                    next_out += 1;
                }
            }
            assert_eq!(queue.len(), next_in - next_out);
        }
        while let Some(item) = queue.dequeue() {
            assert_eq!(item, next_out);
            next_out += 1;
        }
        assert_eq!(next_out, next_in);
    }

    #[test]
    fn a_queue_can_hold_items_that_are_not_copy() {
        let mut queue = Queue::new();
        queue.enqueue(vec![1, 2]);
        queue.enqueue(Vec::new());
        assert_eq!(queue.dequeue(), Some(vec![1, 2]));
        assert_eq!(queue.dequeue(), Some(Vec::new()));
    }
}
