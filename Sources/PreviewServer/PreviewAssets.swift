import Foundation

/// The files the preview server adds to the site, under `/__preview/`. Nothing is inline:
/// pages load the script from the server's own origin, which their policy allows.
enum PreviewAssets {
    /// Reloads the page after each build and shows the build's problems in an overlay, built
    /// with DOM calls and `textContent` only.
    static let reloadScript = #"""
        // passkey-spec preview: reloads the page after each build; shows the problems of a failed one.
        "use strict";
        (function () {
          var shownBuild = null;

          function link(diagnostic) {
            var location = diagnostic.file + ":" + diagnostic.line + ":" + diagnostic.column;
            var anchor = document.createElement("a");
            anchor.className = "preview-overlay-location";
            anchor.href = "vscode://file" + encodeURI(diagnostic.path) + ":" + diagnostic.line + ":" + diagnostic.column;
            anchor.textContent = location;
            return anchor;
          }

          function showOverlay(status) {
            var old = document.getElementById("preview-overlay");
            if (old) { old.remove(); }
            if (status.ok) { return; }
            if (!document.getElementById("preview-overlay-style")) {
              var style = document.createElement("link");
              style.id = "preview-overlay-style";
              style.rel = "stylesheet";
              style.href = "/__preview/overlay.css";
              document.head.appendChild(style);
            }
            var overlay = document.createElement("section");
            overlay.id = "preview-overlay";
            overlay.setAttribute("role", "alert");
            overlay.setAttribute("aria-label", "Build problems");
            var heading = document.createElement("h2");
            var errors = status.diagnostics.filter(function (d) { return d.severity === "error"; }).length;
            heading.textContent = "Build " + status.build + " failed: " + errors + (errors === 1 ? " error" : " errors") +
              "; the page shows the last build that rendered";
            overlay.appendChild(heading);
            var list = document.createElement("ol");
            status.diagnostics.forEach(function (diagnostic) {
              var item = document.createElement("li");
              item.className = "preview-overlay-" + diagnostic.severity;
              item.appendChild(link(diagnostic));
              var text = document.createElement("span");
              text.textContent = ": " + diagnostic.severity + ": " + diagnostic.message + " [" + diagnostic.id + "]";
              item.appendChild(text);
              list.appendChild(item);
            });
            overlay.appendChild(list);
            var close = document.createElement("button");
            close.type = "button";
            close.textContent = "Hide";
            close.addEventListener("click", function () { overlay.remove(); });
            overlay.appendChild(close);
            document.body.appendChild(overlay);
          }

          function refreshStatus() {
            fetch("/__preview/status", { cache: "no-store" }).then(function (response) {
              return response.json();
            }).then(function (status) {
              if (shownBuild === null) { shownBuild = status.build; }
              showOverlay(status);
            }).catch(function () {});
          }

          refreshStatus();
          var events = new EventSource("/__preview/events");
          function maybeReload(event) {
            var build = parseInt(event.data, 10);
            if (shownBuild !== null && build !== shownBuild) { window.location.reload(); }
          }
          events.addEventListener("hello", maybeReload);
          events.addEventListener("reload", maybeReload);
        })();
        """#

    /// The overlay's look; a file, since the pages' policy allows no inline style.
    static let overlayStyle = """
        #preview-overlay {
          position: fixed; left: 1rem; right: 1rem; bottom: 1rem; z-index: 2147483647;
          max-height: 50vh; overflow: auto; padding: 1rem 1.25rem;
          background: #2b0b0e; color: #fde8e8; border: 2px solid #e5484d; border-radius: 8px;
          font: 14px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
          box-shadow: 0 8px 30px rgba(0, 0, 0, 0.4);
        }
        #preview-overlay h2 { margin: 0 0 0.5rem; font-size: 15px; color: #fff; }
        #preview-overlay ol { margin: 0 0 0.75rem; padding-left: 1.5rem; }
        #preview-overlay li { margin: 0.25rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        #preview-overlay .preview-overlay-warning { color: #fbe7b5; }
        #preview-overlay a { color: #9cd0ff; }
        #preview-overlay button { font: inherit; padding: 0.2rem 0.8rem; }
        """

    /// Served for pages while the first build runs or when none has rendered yet.
    static let waitingPage = Data(
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>passkey-spec preview</title></head>
        <body>
        <main><h1>passkey-spec preview</h1><p>No build has rendered yet; this page reloads when one does.</p></main>
        </body>
        </html>

        """.utf8)
}
