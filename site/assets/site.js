// Progressive enhancement only: every page works without this script.
"use strict";

// The copy index filter: shown only when scripts run; hides rows whose shown cells do not match.
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
      var text = Array.prototype.filter.call(row.cells, function (cell) { return !cell.hidden; })
        .map(function (cell) { return cell.textContent; }).join(" ").toLowerCase();
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      row.hidden = !match;
      if (match) { shown += 1; }
    });
    if (count) { count.textContent = shown + " of " + rows.length + " shown"; }
  }
  input.addEventListener("input", apply);
  apply();
});

// The platform filter of the copy index: a checkbox per platform column (its value is the
// cells' data-platform); clearing one hides that column's header and cells. Shown only when
// scripts run, so without them every column shows.
document.querySelectorAll("fieldset[data-columns-target]").forEach(function (fieldset) {
  var table = document.getElementById(fieldset.getAttribute("data-columns-target"));
  if (!table) { return; }
  var boxes = Array.prototype.slice.call(fieldset.querySelectorAll("input[type=checkbox]"));
  function apply() {
    // A cell shows while the boxes of its platform and of its language (in every filter of
    // the table) are checked; a translation's columns start hidden.
    var all = Array.prototype.slice.call(document.querySelectorAll(
      "fieldset[data-columns-target='" + fieldset.getAttribute("data-columns-target") + "'] input[type=checkbox]"));
    table.querySelectorAll("[data-platform]").forEach(function (cell) {
      cell.hidden = all.some(function (box) {
        var attribute = box.getAttribute("data-filter-by") === "language" ? "data-language" : "data-platform";
        return !box.checked && cell.getAttribute(attribute) === box.value;
      });
    });
    // The text filter matches only the columns shown.
    document.querySelectorAll("input[data-filter-target]").forEach(function (input) {
      if (table.contains(document.getElementById(input.getAttribute("data-filter-target")))) {
        input.dispatchEvent(new Event("input"));
      }
    });
  }
  boxes.forEach(function (box) { box.addEventListener("change", apply); });
  window.addEventListener("pageshow", apply); // boxes the browser restored on going back
  fieldset.hidden = false;
  apply();
});

// A button label cut short in a mockup (its text wider than the button the platform gives it)
// is marked, so that a translation or a pseudo-locale too long for the platform is seen.
document.querySelectorAll(".mockup .action").forEach(function (action) {
  if (action.scrollWidth > action.clientWidth + 1) {
    action.classList.add("truncated");
    action.title = "Cut short: " + action.textContent;
  }
});
