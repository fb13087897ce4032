// Progressive enhancement only: every page works without this script.
"use strict";

// The copy index filter: shown only when scripts run; hides rows that do not match.
document.querySelectorAll("input[data-filter-target]").forEach(function (input) {
  var body = document.getElementById(input.getAttribute("data-filter-target"));
  var container = input.closest(".filter");
  var count = container ? container.querySelector(".filter-count") : null;
  if (!body) { return; }
  if (container) { container.hidden = false; }
  var rows = Array.prototype.slice.call(body.querySelectorAll("tr"));
  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row) {
      var text = row.textContent.toLowerCase();
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      row.hidden = !match;
      if (match) { shown += 1; }
    });
    if (count) { count.textContent = shown + " of " + rows.length + " shown"; }
  }
  input.addEventListener("input", apply);
  apply();
});
