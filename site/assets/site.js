// Progressive enhancement only: every page works without this script.
"use strict";

// The words typed in a filter or the search box, in lower case.
function wordsOf(value) {
  return value.toLowerCase().split(/\s+/).filter(Boolean);
}

// Whether `text` holds every one of `words` (from `wordsOf`), in any case.
function holdsAll(text, words) {
  var lowered = text.toLowerCase();
  return words.every(function (word) { return lowered.indexOf(word) !== -1; });
}

// The copy index filter: shown only when scripts run; hides rows whose shown cells do not match.
document.querySelectorAll("input[data-filter-target]").forEach(function (input) {
  var body = document.getElementById(input.getAttribute("data-filter-target"));
  var container = input.closest(".filter");
  var count = container ? container.querySelector(".filter-count") : null;
  if (!body) { return; }
  if (container) { container.hidden = false; }
  var rows = Array.prototype.slice.call(body.querySelectorAll("tr"));
  function apply() {
    var words = wordsOf(input.value);
    var shown = 0;
    rows.forEach(function (row) {
      var text = Array.prototype.filter.call(row.cells, function (cell) { return !cell.hidden; })
        .map(function (cell) { return cell.textContent; }).join(" ");
      var match = holdsAll(text, words);
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

// The language of a spec page's copy tables: a radio per language (English, then each
// translation of the spec). Each cell holds every language's text, the others hidden; without
// scripts the English shows, and the copy index and the screens pages show the translations.
document.querySelectorAll("fieldset[data-language-switch]").forEach(function (fieldset) {
  var radios = Array.prototype.slice.call(fieldset.querySelectorAll("input[type=radio]"));
  function apply() {
    var chosen = radios.filter(function (radio) { return radio.checked; })[0] || radios[0];
    document.querySelectorAll(".copy-table [data-language]").forEach(function (text) {
      text.hidden = text.getAttribute("data-language") !== chosen.value;
    });
  }
  radios.forEach(function (radio) { radio.addEventListener("change", apply); });
  window.addEventListener("pageshow", apply); // a choice the browser restored on going back
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

// The site's search. Without scripts the header links to the search page, which lists every
// entry of the index. With them the link becomes a search box: typing lists the matches from
// search.json by kind, with their platform, as links. The down arrow moves from the box into
// the list and through it, the up arrow back, Escape closes it; Enter in the box opens the
// search page for the words typed. On the search page the box filters the page's own list.
(function () {
  var container = document.querySelector(".site-search[data-search-index]");
  if (!container) { return; }
  var page = document.querySelector("[data-search-results]");
  var root = container.getAttribute("data-root");
  var searchPage = container.getAttribute("data-search-page");
  var perKind = 5;
  var index = null;
  var loading = null;

  var label = document.createElement("label");
  label.htmlFor = "site-search";
  label.className = "visually-hidden";
  label.textContent = "Search the spec";
  var input = document.createElement("input");
  input.type = "search";
  input.id = "site-search";
  input.placeholder = "Search: errors, copy, criteria";
  var status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  var list = document.createElement("div");
  list.id = "site-search-results";
  list.className = "search-popup";
  list.hidden = true;
  container.textContent = "";
  container.appendChild(label);
  container.appendChild(input);
  if (!page) {
    input.setAttribute("aria-controls", list.id);
    container.appendChild(status);
    container.appendChild(list);
  }

  function words() { return wordsOf(input.value); }
  function searchHref() {
    return searchPage + "?q=" + encodeURIComponent(input.value.trim());
  }
  function load() {
    if (!loading) {
      loading = fetch(container.getAttribute("data-search-index"))
        .then(function (response) { return response.json(); })
        .then(function (data) { index = data; return data; });
    }
    return loading;
  }
  function links() {
    return Array.prototype.slice.call(list.querySelectorAll("a"));
  }
  function close() {
    list.hidden = true;
    status.textContent = "";
  }
  function link(href, parts) {
    var element = document.createElement("a");
    element.href = href;
    parts.forEach(function (part) {
      var span = document.createElement("span");
      span.className = part[0];
      span.textContent = part[1];
      element.appendChild(span);
    });
    return element;
  }
  function show() {
    var wanted = words();
    list.textContent = "";
    if (!wanted.length || !index) { close(); return; }
    var total = 0;
    index.kinds.forEach(function (kind) {
      var found = index.entries.filter(function (entry) {
        return entry.kind === kind.id
          && holdsAll(entry.title + " " + entry.detail + " " + (entry.platform || "") + " " + entry.terms, wanted);
      });
      total += found.length;
      if (!found.length) { return; }
      // The title that is the words typed first, then titles that hold them, then the rest; the
      // same words on the same platform once.
      var phrase = wanted.join(" ");
      function rank(entry) {
        var title = entry.title.toLowerCase();
        return title === phrase ? 0 : holdsAll(title, wanted) ? 1 : 2;
      }
      var seen = {};
      var shown = found.map(function (entry, at) { return [rank(entry), at, entry]; })
        .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
        .map(function (ranked) { return ranked[2]; })
        .filter(function (entry) {
          var key = entry.title + "\u0000" + (entry.platform || "");
          if (seen[key]) { return false; }
          seen[key] = true;
          return true;
        })
        .slice(0, perKind);
      var heading = document.createElement("p");
      heading.className = "search-kind";
      heading.textContent = kind.title + " (" + found.length + ")";
      var items = document.createElement("ul");
      shown.forEach(function (entry) {
        var parts = [["search-title", entry.title]];
        if (entry.platform) { parts.push(["search-platform", entry.platform]); }
        parts.push(["search-detail", entry.detail]);
        var item = document.createElement("li");
        item.appendChild(link(root + entry.href, parts));
        items.appendChild(item);
      });
      list.appendChild(heading);
      list.appendChild(items);
    });
    var all = link(searchHref(), [["search-all", total
      ? "All " + total + " results on the search page"
      : "No results: everything is on the search page"]]);
    all.className = "search-all-link";
    list.appendChild(all);
    list.hidden = false;
    status.textContent = total + (total === 1 ? " result" : " results");
  }
  function filterPage() {
    var wanted = words();
    var shown = 0;
    page.querySelectorAll("[data-search-kind]").forEach(function (section) {
      var inSection = 0;
      section.querySelectorAll("li[data-search-terms]").forEach(function (item) {
        var match = holdsAll(item.textContent + " " + item.getAttribute("data-search-terms"), wanted);
        item.hidden = !match;
        if (match) { inSection += 1; }
      });
      section.hidden = inSection === 0;
      shown += inSection;
    });
    var summary = page.querySelector(".search-summary");
    summary.hidden = !wanted.length;
    summary.textContent = wanted.length
      ? shown + (shown === 1 ? " result" : " results") + " for “" + input.value.trim() + "”" : "";
    var address = new URL(window.location.href);
    if (wanted.length) { address.searchParams.set("q", input.value.trim()); } else { address.searchParams.delete("q"); }
    window.history.replaceState(null, "", address);
  }

  if (page) {
    input.value = new URL(window.location.href).searchParams.get("q") || "";
    input.addEventListener("input", filterPage);
    filterPage();
    return;
  }
  input.addEventListener("focus", load);
  input.addEventListener("input", function () { load().then(show); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && input.value.trim()) {
      event.preventDefault();
      window.location.href = searchHref();
    }
  });
  container.addEventListener("keydown", function (event) {
    var all = links();
    var at = all.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && !list.hidden && all.length) {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : all[at - 1]).focus();
    } else if (event.key === "Escape" && !list.hidden) {
      event.preventDefault();
      close();
      input.focus();
    }
  });
  container.addEventListener("focusout", function (event) {
    if (!container.contains(event.relatedTarget)) { close(); }
  });
})();
