//! Which producer a check calls: one type that both sides compile. The grader's
//! checks each name one ([`Producer`]), and the probe runs each with an exhaustive
//! `match` per part, so a producer that one side names and the other lacks is a
//! compile error rather than a name that finds nothing at grading time. On the wire a
//! producer travels as its name ([`Producer::name`]).
//!
//! The grader builds this file as a module of its own (`checks::producers`); the
//! probe's wire builds it as `wire::producers`. Adding a producer is a line here, its
//! function and its `match` arm in the probe's part, and a check that names it.

/// Declares each part's producers: an enum per part (the probe matches on it) and
/// [`Producer`], any of them.
macro_rules! producers {
    ($( $(#[$doc:meta])* $Part:ident = $number:literal { $($variant:ident = $name:literal,)* } )*) => {
        $(
            $(#[$doc])*
            #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
            pub enum $Part {
                $(
                    #[doc = concat!("`", $name, "`")]
                    $variant,
                )*
            }

            impl $Part {
                /// Every producer of the part, in the order the probe lists them.
                pub const ALL: &'static [$Part] = &[$($Part::$variant,)*];

                /// Its name on the wire.
                pub const fn name(self) -> &'static str {
                    match self {
                        $($Part::$variant => $name,)*
                    }
                }
            }
        )*

        /// A producer of any part.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Producer {
            $(
                #[doc = concat!("One of [`", stringify!($Part), "`].")]
                $Part($Part),
            )*
        }

        impl Producer {
            /// Its name on the wire.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Producer::$Part(producer) => producer.name(),)*
                }
            }

            /// The number of the part whose code it calls (1 to 5).
            pub const fn part(self) -> usize {
                match self {
                    $(Producer::$Part(_) => $number,)*
                }
            }

            /// Every producer, part by part.
            pub fn all() -> Vec<Producer> {
                let mut all = Vec::new();
                $(all.extend($Part::ALL.iter().map(|&producer| Producer::$Part(producer)));)*
                all
            }
        }
    };
}

producers! {
    /// Part 1's producers: directions, positions, cells, arrays, creating and solving.
    Part1 = 1 {
        DirectionOpposite = "direction_opposite",
        PositionEquality = "position_equality",
        PositionHash = "position_hash",
        PositionDisplay = "position_display",
        PositionMoved = "position_moved",
        PositionRandom = "position_random",
        CellDefault = "cell_default",
        CellNewAndRemoveWall = "cell_new_and_remove_wall",
        ArrayNewSizes = "array_new_sizes",
        ArrayRanges = "array_ranges",
        ArrayIndexers = "array_indexers",
        ArrayResetAndResize = "array_reset_and_resize",
        ArrayNeighborsWithAllWalls = "array_neighbors_with_all_walls",
        ArrayAccessibleNeighbors = "array_accessible_neighbors",
        ArrayRemoveCellWall = "array_remove_cell_wall",
        MazeSizeValidation = "maze_size_validation",
        MazeComplexityValidation = "maze_complexity_validation",
        CreatedMazes = "created_mazes",
        MazeStartEndDistinct = "maze_start_end_distinct",
        MazeSameSeedSameMaze = "maze_same_seed_same_maze",
        MazeComplexityTexture = "maze_complexity_texture",
        SolveBeforeCreate = "solve_before_create",
        SolvedMazes = "solved_mazes",
        SolvedRepeatedly = "solved_repeatedly",
        SolvedInParallel = "solved_in_parallel",
    }
    /// Part 2's producers: the stack, the queue, the disjoint set and the rat's maze.
    Part2 = 2 {
        StackScript = "stack_script",
        QueueScript = "queue_script",
        DisjointSetScript = "disjoint_set_script",
        RatMazeRooms = "rat_maze_rooms",
        RatNeighbors = "rat_neighbors",
        RatRead = "rat_read",
        RatWriteRead = "rat_write_read",
        RatSearch = "rat_search",
        RatGenerate = "rat_generate",
    }
    /// Part 3's producers: the texture's weights and weighted mazes.
    Part3 = 3 {
        TextureWeights = "texture_weights",
        TexturePicks = "texture_picks",
        WeightedMazes = "weighted_mazes",
        WeightedWalls = "weighted_walls",
    }
    /// Part 4's producers: Prim mazes and the backtracking solver.
    Part4 = 4 {
        PrimMazes = "prim_mazes",
        BacktrackSolve = "backtrack_solve",
        BacktrackErrors = "backtrack_errors",
        BacktrackSmallStack = "backtrack_small_stack",
    }
    /// Part 5's producers: arrow boards, their graph and its search.
    Part5 = 5 {
        Parse = "arrows_parse",
        Graph = "arrows_graph",
        Solve = "arrows_solve",
    }
}
