/// The site's style sheet and search script, inlined in every page (no external assets,
/// so the folder works from disk).
enum SiteAssets {
  /// The style sheet: a grid of cards with thumbnails scaled to fit (the SVG keeps its
  /// `viewBox`, CSS sets its box), tables, tags and the deprecated badge.
  static let css = """
    body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 80em; padding: 1em 1.5em 3em; color: #1c1c1e; background: #fafafa; }
    [hidden] { display: none !important; }
    a { color: #0a5bd6; }
    header { position: sticky; top: 0; background: #fafafa; padding: 0.2em 0 0.4em; border-bottom: 1px solid #e5e5ea; z-index: 1; }
    h1 { margin: 0.3em 0; }
    .search input { font: inherit; padding: 0.35em 0.6em; width: 22em; max-width: 70vw; border: 1px solid #c7c7cc; border-radius: 6px; }
    #filter-count { color: #6e6e73; margin-left: 0.5em; }
    .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15em, 1fr)); gap: 1em; }
    .card { display: flex; flex-direction: column; background: #fff; border: 1px solid #e5e5ea; border-radius: 10px; padding: 0.6em; }
    .card h3 { margin: 0.5em 0 0.2em; font-size: 1.05em; }
    .card p { margin: 0 0 0.4em; color: #3a3a3c; font-size: 0.92em; }
    .thumb { display: block; height: 10em; border-radius: 6px; background: #f2f2f7; overflow: hidden; }
    .thumb svg { width: 100%; height: 100%; display: block; }
    .tags { list-style: none; margin: auto 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.3em; }
    .tag { font: inherit; font-size: 0.78em; padding: 0.1em 0.5em; border-radius: 999px; border: 1px solid #d1d1d6; background: #f2f2f7; color: #3a3a3c; display: inline-block; }
    button.tag { cursor: pointer; }
    table { border-collapse: collapse; margin: 0.5em 0 1.5em; background: #fff; }
    th, td { border-bottom: 1px solid #e5e5ea; padding: 0.35em 0.8em; text-align: left; vertical-align: top; }
    code { font-size: 0.92em; }
    .badge { font-size: 0.72em; font-weight: 600; text-transform: uppercase; letter-spacing: 0.03em; color: #a04b00; background: #fff1db; border: 1px solid #f0c27b; border-radius: 4px; padding: 0 0.35em; }
    tr.deprecated td:first-child code, p.deprecated { color: #a04b00; }
    tr.deprecated td:first-child code { text-decoration: line-through; }
    .swatch { display: inline-block; width: 0.9em; height: 0.9em; border: 1px solid #8e8e93; border-radius: 2px; margin-right: 0.35em; vertical-align: -0.1em; }
    .previews { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
    figure { margin: 0; background: #fff; border: 1px solid #e5e5ea; border-radius: 8px; padding: 0.4em; max-width: 100%; overflow-x: auto; }
    figcaption { font-size: 0.85em; color: #3a3a3c; padding: 0.3em 0.2em 0; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.3em 1em; }
    dt { font-weight: 600; }
    dd { margin: 0; }
    .error { color: #c00; }

    """

  /// The search box: filters the elements carrying `data-search` (cards and token rows) so
  /// that each word typed occurs in their text; a tag button searches for its tag; a
  /// `?q=` in the address fills the box on load. Plain JavaScript, no libraries.
  static let searchScript = """
    (function () {
      "use strict";
      var box = document.getElementById("filter");
      var count = document.getElementById("filter-count");
      var none = document.getElementById("no-match");
      var items = Array.prototype.slice.call(document.querySelectorAll("[data-search]"));
      function apply() {
        var words = box.value.toLowerCase().split(/\\s+/).filter(function (w) { return w.length > 0; });
        var cards = 0, cardsShown = 0, rows = 0, rowsShown = 0;
        items.forEach(function (item) {
          var text = item.getAttribute("data-search");
          var match = words.every(function (w) { return text.indexOf(w) >= 0; });
          item.hidden = !match;
          if (item.classList.contains("card")) { cards++; if (match) { cardsShown++; } }
          else { rows++; if (match) { rowsShown++; } }
        });
        count.textContent = words.length === 0 ? "" :
          cardsShown + " of " + cards + " components, " + rowsShown + " of " + rows + " tokens";
        none.hidden = words.length === 0 || cardsShown + rowsShown > 0;
      }
      box.addEventListener("input", apply);
      document.addEventListener("click", function (event) {
        var tag = event.target.closest ? event.target.closest("button.tag") : null;
        if (!tag) { return; }
        box.value = tag.getAttribute("data-tag");
        apply();
        box.focus();
      });
      var query = new URLSearchParams(window.location.search).get("q");
      if (query) { box.value = query; }
      apply();
    })();

    """
}
