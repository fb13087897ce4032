// Two lookups of axe-core 3.1.1 answered from an index instead of a walk of the whole document.
//
// axe.utils.getNodeFromTree(vNode, node) walks the virtual tree under vNode to find node's
// virtual node, and axe.commons.aria.isAccessibleRef(node) walks the document to find an
// element that refers to node's ID (a label's `for`, an ID-reference ARIA attribute). Both are
// called for thousands of elements on a big page, which makes a run quadratic: most of the
// time axe takes on the spec pages. Here each builds its index once per run and answers from
// it, with the same answers as the walks (a node met twice in a tree falls back to the walk).
// Only for the version whose code this mirrors; any other version runs as it is.
(function () {
  "use strict";
  if (!window.axe || axe.version !== "3.1.1" || axe.passkeySpecNewRun) { return; }

  // --- getNodeFromTree ---
  function walk(vNode, node) {
    // As axe-core 3.1.1 writes it.
    var found;
    if (vNode.actualNode === node) { return vNode; }
    vNode.children.forEach(function (child) {
      var inner;
      if (child.actualNode === node) { found = child; } else if ((inner = walk(child, node))) { found = inner; }
    });
    return found;
  }
  var AMBIGUOUS = {};
  var trees = new WeakMap(); // a run's virtual tree is new objects: no index outlives its run
  axe.utils.getNodeFromTree = function (vNode, node) {
    if (!vNode || typeof vNode !== "object" || !Array.isArray(vNode.children)) { return walk(vNode, node); }
    var index = trees.get(vNode);
    if (!index) {
      index = new Map();
      var stack = [vNode];
      while (stack.length) {
        var current = stack.pop();
        index.set(current.actualNode, index.has(current.actualNode) ? AMBIGUOUS : current);
        for (var i = current.children.length - 1; i >= 0; i--) { stack.push(current.children[i]); }
      }
      trees.set(vNode, index);
    }
    var hit = index.get(node);
    return hit === AMBIGUOUS ? walk(vNode, node) : hit;
  };

  // --- isAccessibleRef ---
  var aria = axe.commons.aria, dom = axe.commons.dom;
  var referenced = new WeakMap();
  axe.passkeySpecNewRun = function () { referenced = new WeakMap(); };
  aria.isAccessibleRef = function (node) {
    node = node.actualNode || node;
    var root = dom.getRootNode(node);
    root = root.documentElement || root;
    var ids = referenced.get(root);
    if (!ids) {
      var attributes = Object.keys(aria.lookupTable.attributes).filter(function (name) {
        return /^idrefs?$/.test(aria.lookupTable.attributes[name].type);
      });
      ids = new Set();
      (function visit(element) {
        if (element.nodeType === 1) {
          if (element.nodeName.toUpperCase() === "LABEL") {
            var target = element.getAttribute("for");
            if (target !== null) { ids.add(target); }
          }
          attributes.forEach(function (name) {
            if (!element.hasAttribute(name)) { return; }
            var value = element.getAttribute(name);
            if (aria.lookupTable.attributes[name].type === "idref") { ids.add(value); }
            else { axe.utils.tokenList(value).forEach(function (token) { ids.add(token); }); }
          });
        }
        for (var i = 0; i < element.children.length; i++) { visit(element.children[i]); }
      })(root);
      referenced.set(root, ids);
    }
    return ids.has(node.id);
  };
})();
