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


def test_plot_learning_draws_the_measurements_beside_a_log_or_alone(tmp_path):
    out = tmp_path / "run.npz"
    trained = run_cli(
        "train", "connect4", "--vs", "random", "--games", "2", "--depth", "1",
        "--out", str(out), "--eval-every", "1", "--eval-games", "2",
    )  # fmt: skip
    assert trained.returncode == 0, trained.stderr
    for given in (out.with_suffix(".csv"), tmp_path / "run.eval.csv"):
        png = tmp_path / f"{given.name}.png"
        result = run_cli("plot-learning", str(given), "--out", str(png))
        assert result.returncode == 0, result.stderr
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from matplotlib.image import imread

    with_log = imread(tmp_path / "run.csv.png").shape[0]
    alone = imread(tmp_path / "run.eval.csv.png").shape[0]
    assert with_log == 2 * alone  # four panels, and the two of the measurements


def test_plot_learning_rejects_a_broken_eval_log(tmp_path):
    bad = tmp_path / "run.eval.csv"
    bad.write_text(
        "games_trained,wall_seconds,opponent,games,wins,draws,losses,score\n2,x,zeros,2,1,1,0,0\n"
    )
    result = run_cli("plot-learning", str(bad), "--out", str(tmp_path / "x.png"))
    assert result.returncode == 2 and "broken row" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
