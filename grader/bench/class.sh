# Sourced by the benchmarks: `make_submission NAME VARIANT` makes the submission
# $class/NAME from $kit's solution (or starter) with one defect (or none), each with
# sources of its own (a constant naming it in lib.rs), as students' code would be.
#
# Variants: solution, starter (every method a todo!()), display (Position's
# Display), bfs (BFS takes the rat's neighbours in reverse), bfs_no_mark (BFS does
# not mark a room when it is put in), dfs (DFS takes the neighbours in reverse),
# opposite (the opposite of EAST is EAST), one_sided (remove_cell_wall leaves the
# neighbour's wall up), broken (a compile error in Part 2) and hangs (Maze::new
# sleeps for an hour first, as a submission stuck on a lock or a read would).
make_submission() { # NAME VARIANT
    local dir="$class/$1" from=solution
    [[ "$2" == starter ]] && from=starter
    mkdir -p "$dir"
    cp -r "$kit/$from/src" "$dir/src"
    printf '[package]\nname = "submission"\nversion = "0.1.0"\nedition = "2024"\n' >"$dir/Cargo.toml"
    case "$2" in
        solution | starter) ;;
        display) sed -i 's/write!(f, "({}, {})", self.x, self.y)/write!(f, "[{}, {}]", self.x, self.y)/' "$dir/src/position.rs" ;;
        bfs) perl -0pi -e 's/for next in maze\.neighbors\(room\) \{(\n\s+if !marked\[next\] \{\n\s+queue\.enqueue)/for next in maze.neighbors(room).into_iter().rev() {$1/' "$dir/src/rat/search.rs" ;;
        bfs_no_mark) perl -0pi -e 's/(queue\.enqueue\(next\);\n)\s+marked\[next\] = true;\n/$1/' "$dir/src/rat/search.rs" ;;
        dfs) perl -0pi -e 's/for next in maze\.neighbors\(room\) \{(\n\s+if !marked\[next\] \{\n\s+stack\.push)/for next in maze.neighbors(room).into_iter().rev() {$1/' "$dir/src/rat/search.rs" ;;
        opposite) sed -i 's/result.insert(Direction::WEST);/result.insert(Direction::EAST);/' "$dir/src/direction.rs" ;;
        one_sided) sed -i '/self\[neighbor\]\.remove_wall(wall\.opposite());/d' "$dir/src/cell_array.rs" ;;
        broken) echo 'fn broken() -> u32 { "not a number" }' >>"$dir/src/rat/search.rs" ;;
        hangs) perl -0pi -e 's/(    pub fn new\(width: i32, height: i32\) -> Result<Maze, MazeError> \{\n)/$1        std::thread::sleep(std::time::Duration::from_secs(3600));\n/' "$dir/src/maze.rs" ;;
        *) echo "make_submission: no variant $2" >&2; return 2 ;;
    esac
    # Distinct sources: each submission compiles code of its own.
    printf '\n#[doc(hidden)]\npub const SUBMISSION: &str = "%s";\n' "$1" >>"$dir/src/lib.rs"
}
