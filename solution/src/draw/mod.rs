//! Drawings of a maze (provided code).
