//! Maze JSON (provided code).
