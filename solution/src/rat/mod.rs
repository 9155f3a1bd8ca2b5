//! Part 2: rat in a maze.
