"""plot-learning turns training logs into a PNG; a broken log is a one-line error."""

from tests.cli import run_cli


def test_plot_learning_writes_a_png(tmp_path):
    out = tmp_path / "run.npz"
    trained = run_cli(
        "train", "connect4", "--vs", "random", "--games", "3", "--depth", "1", "--out", str(out)
    )
    assert trained.returncode == 0, trained.stderr
    png = tmp_path / "curve.png"
    result = run_cli("plot-learning", str(out.with_suffix(".csv")), "--out", str(png))
    assert result.returncode == 0, result.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_learning_rejects_a_file_that_is_not_a_log(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    result = run_cli("plot-learning", str(bad), "--out", str(tmp_path / "x.png"))
    assert result.returncode == 2 and "not a training log" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
