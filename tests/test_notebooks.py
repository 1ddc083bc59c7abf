"""The notebooks run top to bottom, and are committed with the outputs they give."""

import re

import pytest

from paths import ROOT

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

nbformat = pytest.importorskip("nbformat", reason="the notebook tests need the test extra: pip install -e '.[test]'")
nbclient = pytest.importorskip("nbclient", reason="the notebook tests need the test extra: pip install -e '.[test]'")
pytest.importorskip("ipykernel", reason="the notebook tests need the test extra: pip install -e '.[test]'")


def test_the_notebooks_are_there():
    assert {p.stem for p in NOTEBOOKS} >= {"quickstart", "burn20", "no_bust", "side_bets", "published"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_committed_with_outputs(path):
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code and all(cell.execution_count for cell in code), "run the notebook before committing it"
    assert not [out for cell in code for out in cell.outputs if out.output_type == "error"]


NUMBER = re.compile(r"[-+]?\d+(?:[.,/]\d+)*(?:e[-+]?\d+)?")
ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def numbers(notebook) -> list[list[str]]:
    """Every number each code cell prints or shows as text (an object's address left out): what a
    reader takes from the committed notebook, whatever the table layout of a library's version."""
    out = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            text = "".join(o.get("text", "") if o.output_type == "stream" and o.get("name") == "stdout"
                           else str(o.get("data", {}).get("text/plain", "")) for o in cell.outputs)
            out.append(NUMBER.findall(ADDRESS.sub("", text)))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom_and_gives_its_committed_numbers(path):
    notebook = nbformat.read(path, as_version=4)
    committed = numbers(notebook)
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()     # raises CellExecutionError (with the cell and traceback) on any error
    errors = [out for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs
              if out.output_type == "error"]
    assert errors == []
    stale = [i for i, (then, now) in enumerate(zip(committed, numbers(notebook))) if then != now]
    assert stale == [], f"{path.name}: code cells {stale} give other numbers than committed: run it and commit it"
