"""kaboom's Python module: loading, moves, FEN, game end, perft, traces, ini import."""

import pytest

import kaboom

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.fixture(scope="module")
def chess():
    return kaboom.Variant.load("chess")


def test_bundled_names_include_chess_and_every_one_loads():
    names = kaboom.bundled_names()
    assert "chess" in names and "atomic" in names
    for name in names:
        variant = kaboom.Variant.load(name, seed=1)
        assert variant.new_game().fen() == variant.start_fen or variant.start_fen


def test_start_fen_and_legal_moves(chess):
    assert chess.start_fen == START
    assert chess.size == (8, 8)
    game = chess.new_game()
    assert game.fen() == START
    assert game.turn == "w"
    moves = game.legal_moves()
    assert len(moves) == 20 and "e2e4" in moves and "g1f3" in moves
    san = game.legal_moves_san()
    assert len(san) == 20 and "e4" in san and "Nf3" in san
    assert san[moves.index("g1f3")] == "Nf3"


def test_push_and_pop_restore_the_position(chess):
    game = chess.new_game()
    events = game.push("e2e4")
    assert events == [{"kind": "moved", "piece": "P", "from": "e2", "to": "e4"}]
    assert game.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert game.push_san("e5") == "e7e5"
    assert game.moves == ["e2e4", "e7e5"]
    assert game.pop() == "e7e5"
    assert game.pop() == "e2e4"
    assert game.fen() == START and game.moves == []
    with pytest.raises(IndexError):
        game.pop()


def test_illegal_and_malformed_moves_raise_move_error(chess):
    game = chess.new_game()
    with pytest.raises(kaboom.MoveError):
        game.push("e2e5")
    with pytest.raises(kaboom.MoveError):
        game.push("nonsense")
    with pytest.raises(kaboom.MoveError):
        game.push_san("Qh5")
    with pytest.raises(ValueError):
        game.push("e7e5")  # Black's move with White to move
    assert game.fen() == START, "a refused move leaves the game as it was"


def test_fen_in_and_out(chess):
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    game = kaboom.Game(chess, fen)
    assert game.fen() == fen
    assert "e1g1" in game.legal_moves() and "O-O" in game.legal_moves_san()
    with pytest.raises(kaboom.FenError):
        chess.new_game("not a fen")


def test_fools_mate_is_checkmate(chess):
    game = chess.new_game()
    assert game.ending() is None and not game.is_game_over()
    for san in ["f3", "e5", "g4"]:
        game.push_san(san)
    assert game.san("d8h4") == "Qh4#"
    game.push("d8h4")
    assert game.is_check()
    assert game.is_game_over()
    ending = game.ending()
    assert (ending.result, ending.reason) == ("0-1", "checkmate")
    assert game.legal_moves() == []
    game.pop()
    assert not game.is_check() and game.ending() is None


def test_repetition_ends_the_game_and_pop_forgets_it(chess):
    game = chess.new_game()
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for m in shuffle * 2:
        game.push(m)
    assert game.ending() is not None and game.ending().result == "1/2-1/2"
    game.pop()
    assert game.ending() is None


def test_perft(chess):
    game = chess.new_game()
    assert [game.perft(d) for d in range(1, 4)] == [20, 400, 8902]
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert chess.new_game(kiwipete).perft(2) == 2039


def test_atomic_capture_traces_the_blast():
    atomic = kaboom.Variant.load("atomic")
    game = atomic.new_game("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
    trace = game.trace("e4d5")
    assert game.fen().startswith("rnbqkbnr/ppp1pppp/8/3p4/4P3"), "trace does not make the move"
    kinds = [e["kind"] for e in trace]
    assert "captured" in kinds and "removed" in kinds
    assert {"kind": "captured", "piece": "p", "square": "d5"} in trace
    assert game.push("e4d5") == trace
    assert "4P3" not in game.fen().split(" ")[0].split("/")[3]


def test_variant_from_text_and_its_diagnostics():
    mine = kaboom.Variant.from_text('(extends: "chess", name: "Mine")', name="mine.ron")
    assert mine.name == "Mine" and mine.start_fen == START
    bad = '(extends: "chess", name: "Bad",\n pieces: [(letter: \'Z\', name: "zebra", moves: "mQ!")])'
    with pytest.raises(kaboom.VariantError) as caught:
        kaboom.Variant.from_text(bad, name="bad.ron")
    err = caught.value
    assert isinstance(err, ValueError)
    assert err.line == 2 and err.column is not None and err.column > 1
    assert "unexpected `!` in a movement template" in err.message
    assert len(err.diagnostics) == 1
    d = err.diagnostics[0]
    assert (d.severity, d.file, d.line) == ("error", "bad.ron", 2)
    assert "bad.ron:2:" in str(err)


def test_unknown_variant_name_is_a_variant_error():
    with pytest.raises(kaboom.VariantError) as caught:
        kaboom.Variant.load("no-such-variant")
    assert caught.value.message


def test_drops_in_crazyhouse():
    zh = kaboom.Variant.load("crazyhouse")
    game = zh.new_game()
    for m in ["e2e4", "d7d5", "e4d5", "d8d5"]:
        game.push(m)
    drops = [m for m in game.legal_moves() if "@" in m]
    assert drops and all(m.startswith("P@") for m in drops)
    game.push(drops[0])
    assert game.pop() == drops[0]


def test_import_ini_converts_a_section():
    ini = "[blocks]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = p:mK\nstartFen = p1p1p/1p1p1/5/1P1P1/P1P1P w - - 0 1\nconnectNxN = 2\n"
    (imported,) = kaboom.import_ini(ini)
    assert (imported.name, imported.line, imported.refusals) == ("blocks", 1, [])
    variant = kaboom.Variant.from_text(imported.ron, name="blocks.ron")
    assert variant.start_fen.startswith("p1p1p/1p1p1/5/1P1P1/P1P1P w")
    assert variant.new_game().legal_moves()


def test_a_bad_ini_text_raises_ini_error():
    with pytest.raises(kaboom.IniError):
        kaboom.import_ini("[unclosed\nmaxRank = 5\n")


def test_a_game_outlives_its_variant_object():
    game = kaboom.Variant.load("chess").new_game()
    import gc

    gc.collect()
    assert len(game.legal_moves()) == 20


def test_the_package_docstring_examples_run():
    import doctest

    failures, tried = doctest.testmod(kaboom)
    assert tried > 0 and failures == 0


def test_search_finds_a_mate_in_one_and_needs_a_limit(chess):
    game = chess.new_game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    result = game.search(depth=4)
    assert (result.best, result.mate, result.score) == ("a1a8", 1, None)
    assert result.pv[0] == "a1a8" and result.depth >= 1 and result.nodes > 0
    assert game.search(nodes=2000).best == "a1a8"
    assert game.search(movetime=0.05).best == "a1a8"
    with pytest.raises(ValueError):
        game.search()
    with pytest.raises(ValueError):
        game.search(movetime=-1.0)
    game.push("a1a8")
    assert game.search(depth=2).best is None, "mated: no legal move"


def test_search_from_the_start_returns_a_legal_move(chess):
    game = chess.new_game()
    result = game.search(nodes=5000)
    assert result.best in game.legal_moves() and result.score is not None


def test_the_stubs_name_exactly_what_the_module_has():
    import ast
    import os

    stub = os.path.join(os.path.dirname(kaboom.__file__), "__init__.pyi")
    tree = ast.parse(open(stub, encoding="utf-8").read())
    declared = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = {
                n.name if not isinstance(n, ast.AnnAssign) else n.target.id
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
            }
            declared[node.name] = members - {"__init__"}
        elif isinstance(node, ast.FunctionDef):
            declared[node.name] = set()
    public = {name for name in kaboom.__all__ if name != "__version__"}
    assert set(declared) == public
    for name, members in declared.items():
        obj = getattr(kaboom, name)
        if isinstance(obj, type) and not issubclass(obj, Exception):
            actual = {m for m in dir(obj) if not m.startswith("_")}
            assert members == actual, name


def test_the_examples_in_the_stubs_run():
    import ast
    import doctest
    import os

    stub = os.path.join(os.path.dirname(kaboom.__file__), "__init__.pyi")
    tree = ast.parse(open(stub, encoding="utf-8").read())
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for node in ast.walk(tree):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            doc = ast.get_docstring(node, clean=True)
            if doc and ">>>" in doc:
                test = parser.get_doctest(doc, {"kaboom": kaboom}, node.name, stub, node.lineno)
                runner.run(test)
                tried += len(test.examples)
    results = runner.summarize(verbose=False)
    assert tried > 5 and results.failed == 0
