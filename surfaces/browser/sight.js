// sight.js runs in flow's isolated world of one document. It defines
// window.__flow (visible only in this world) with:
//   observe(opts)        -> {url, title, layer, items: [...], lines: [...]}
//   target(ref, sig)     -> the element for a ref, or throws "stale:<reason>"
//   point(ref, sig)      -> {x, y} centre in top-level viewport pixels after
//                           scrolling it into view, or {covered: "desc"}
//   fill/select/check/readback/quiet/mask helpers.
//   candidateOf(node)    -> the observed control holding node (capture.js)
//   lib                  -> naming helpers shared with capture.js
// Refs map element -> "token.n" in a WeakMap: the page cannot see them and
// the DOM is untouched. The token is new for every document, so a ref of an
// old document can never name an element of a new one.
(() => {
  if (window.__flow) return;
  const token = Math.random().toString(36).slice(2, 8);
  let next = 1;
  const refOf = new WeakMap();
  const byRef = new Map(); // ref -> WeakRef(element)
  const sigOf = new Map(); // ref -> role + "\u0000" + name at issue time
  // Mutations before this script ran are covered by readyState; start quiet.
  // A record that changed nothing (an attribute or a text set to the value
  // it had, as many pages do on every keystroke) is no change: it would
  // hold a settle for nothing.
  let lastMutation = 0;
  const changed = (r) => r.type === "childList" ||
    (r.type === "attributes" ? r.target.getAttributeNS(r.attributeNamespace, r.attributeName) : r.target.data) !== r.oldValue;
  const mo = new MutationObserver((records) => { if (records.some(changed)) lastMutation = performance.now(); });
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true, characterDataOldValue: true });
  // The browser's network events show a fetch's response when its headers
  // come; its body may end much later, and the page renders after that.
  // The end of each resource the page loads counts as a change, so the DOM
  // window also runs from the end of the last body. A resource of
  // initiator "other" is the browser's own (the tab's icon, fetched after
  // the load): the page neither starts it nor hears of its end.
  let lastResource = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.initiatorType !== "other" && e.responseEnd > lastResource) lastResource = e.responseEnd;
      }
    }).observe({ type: "resource", buffered: true });
  } catch (e) { /* no resource timing here: changes of the DOM alone */ }

  const refFor = (el) => {
    let r = refOf.get(el);
    if (!r) { r = token + "." + (next++); refOf.set(el, r); byRef.set(r, new WeakRef(el)); }
    return r;
  };

  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE", "svg:defs"]);
  const NATIVE_ROLE = { BUTTON: "button", SELECT: "combobox", TEXTAREA: "textbox", SUMMARY: "button", OPTION: "option" };
  const INPUT_ROLE = {
    button: "button", submit: "button", reset: "button", image: "button",
    checkbox: "checkbox", radio: "radio", range: "slider", number: "spinbutton",
    search: "searchbox", color: "button", file: "button",
  };
  const WIDGET_ROLES = new Set(["button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
    "menuitemcheckbox", "menuitemradio", "option", "combobox", "textbox", "searchbox", "slider",
    "spinbutton", "treeitem", "gridcell", "listbox"]);
  const ICON_STOP = new Set(["fa", "fas", "far", "fal", "fab", "fa-solid", "fa-regular", "icon", "icons",
    "glyphicon", "material", "symbols", "outlined", "rounded", "sharp", "bi", "mdi", "svg", "inline",
    "btn", "button", "small", "large", "lg", "sm", "xs", "md", "ico", "i", "c", "is", "has", "the", "o", "fw"]);

  // collapse folds runs of white space into one space and trims. Most
  // strings have nothing to fold: a test is cheaper than a new string.
  const FOLD = /[^\S ]| {2}|^ | $/;
  const collapse = (s) => (!s ? "" : FOLD.test(s) ? s.replace(/\s+/g, " ").trim() : s);
  const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);
  // joinText reads pieces of text (text nodes, labelling elements) as one:
  // a space between pieces, white space folded, but none before closing
  // punctuation or after opening ("Prices in <b>EUR</b>." reads "Prices in
  // EUR."; a visually hidden ":" between a link's title and its label
  // reads "Previous page: Paying VAT").
  const joinText = (parts) => collapse(parts.join(" ")).replace(/ ([.,;:!?%)\]])/g, "$1").replace(/([(\[]) /g, "$1");

  // summaryOf is a <details>' summary: its first <summary> child, the only
  // part of it shown while it is closed.
  function summaryOf(details) {
    for (let c = details.firstElementChild; c; c = c.nextElementSibling) if (c.tagName === "SUMMARY") return c;
    return null;
  }
  // unseen says whether element c, a child of p, is out of what the page
  // shows by its markup alone: an inert subtree (out of Chromium's
  // accessibility tree, out of reach of the pointer and the keyboard), or
  // what a closed <details> holds besides its summary. Text read without
  // layout (textOf, outsideText) leaves these out; the walk also reads
  // styles (display, content-visibility).
  function unseen(c, p) {
    return c.hasAttribute("inert") || p.tagName === "DETAILS" && !p.open && c !== summaryOf(p);
  }

  // labelsOf returns el.labels. The live NodeList scans the whole tree for
  // every control (quadratic on big forms), so observe builds one map per
  // tree scope and uses it for the duration of the walk.
  let labelCache = null;
  function labelsOf(el) {
    if (!labelCache) return el.labels ? Array.from(el.labels) : [];
    if (!("labels" in el)) return [];
    const root = el.getRootNode();
    let m = labelCache.get(root);
    if (!m) {
      m = new Map();
      for (const l of root.querySelectorAll("label")) {
        const c = l.control;
        if (c) { const a = m.get(c); if (a) a.push(l); else m.set(c, [l]); }
      }
      labelCache.set(root, m);
    }
    return m.get(el) || [];
  }

  // drawn says whether the page gives el a box, or lays out its children
  // in place of one (display: contents).
  function drawn(el) {
    return el.checkVisibility() || getComputedStyle(el).display === "contents" ||
      // An SVG's <title> is never drawn, yet it names the picture.
      el.localName === "title" && el.namespaceURI === "http://www.w3.org/2000/svg";
  }

  // COLLAPSED_MARK reads a control's class as a closed part's opener
  // (Bootstrap's "collapsed" toggle, jQuery treeview's "expandable" hit
  // area); CLOSED_ITEM an item's class as a closed folder's (those two,
  // and jsTree's "jstree-closed": a control named "closed" may be a
  // filter, an item so named is shut).
  const COLLAPSED_MARK = /(^|[\s_-])(collapsed|expandable)([\s_-]|$)/i;
  const CLOSED_ITEM = /(^|[\s_-])(collapsed|expandable|closed)([\s_-]|$)/i;
  // collapsedMark reports whether a class says that el opens a part of
  // the page now closed, where no aria-expanded says so: its own class
  // ("collapsed"), or its list item's when el is the item's first
  // element, its toggle (a treeview's hit area before the folder's name).
  function collapsedMark(el) {
    const c = el.getAttribute("class");
    if (c && COLLAPSED_MARK.test(c)) return true;
    const p = el.parentElement;
    if (!p || p.firstElementChild !== el || p.tagName !== "LI" && p.getAttribute("role") !== "treeitem") return false;
    const pc = p.getAttribute("class");
    return !!pc && CLOSED_ITEM.test(pc);
  }

  // ICON_MAX is the largest side, in CSS pixels, of an image drawn as an
  // icon: its alt is a word a person reads beside the text ("vegan"). A
  // larger picture's alt describes what it shows, and the picture is
  // what a person sees.
  const ICON_MAX = 48;
  // imageWords returns what an image says, or null for an element that
  // is no image that says anything: an <img> drawn as an icon, by its
  // alt; a role=img element, by its label (its content is presentational).
  function imageWords(el, tag, role) {
    if (tag === "IMG") {
      const alt = collapse(el.getAttribute("alt"));
      if (!alt) return null;
      // A picture that failed to load shows its alt as text.
      if (el.complete && el.naturalWidth === 0) return alt;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.width <= ICON_MAX && r.height <= ICON_MAX ? alt : null;
    }
    if (role !== "img") return null;
    const label = collapse(el.getAttribute("aria-label")) || byIds(el, "aria-labelledby");
    return label || null;
  }

  // treeGroup reports whether el, inside a tree's item, is the group of
  // its child items (a nested list, role group).
  function treeGroup(el, tag) {
    return tag === "UL" || tag === "OL" || el.getAttribute("role") === "group";
  }

  function textOf(el) {
    // Text nodes joined by spaces (so "Inbox<span>2</span>" reads "Inbox 2"),
    // without layout; then alt text of images inside.
    let t = "";
    if (el.childElementCount === 0) t = collapse(el.textContent);
    else {
      const parts = [];
      let n = 0;
      // A tree's item is named by its own row, not by the items of the
      // group it holds (Chromium names it so too).
      const treeItem = el.getAttribute("role") === "treeitem";
      // The text nodes in document order, as a TreeWalker shows them, up
      // to 400 characters, without making one (a control holds a few
      // nodes). hidden: an element from node up to el is aria-hidden.
      const collect = (node, hidden) => {
        // A closed <details> shows its summary only, not its own text.
        const shut = node.tagName === "DETAILS" && !node.open;
        for (let c = node.firstChild; c && n < 400; c = c.nextSibling) {
          const type = c.nodeType;
          // Content the page does not draw (display: none) is no part
          // of a name either, as in the browser's own name computation:
          // a wrapper's closed menu does not name the wrapper.
          if (type === 1) {
            if (treeItem && treeGroup(c, c.tagName)) continue;
            if (!unseen(c, node) && drawn(c)) collect(c, hidden || c.getAttribute("aria-hidden") === "true");
          }
          else if (type === 3) {
            if (shut || node.tagName === "STYLE" || node.tagName === "SCRIPT") continue;
            // Text hidden from assistive technology (a logo's letters, an
            // icon font's ligature) is no part of what the element says;
            // el's own text nodes count whatever el is.
            if (hidden && node !== el) continue;
            const v = c.data;
            if (v.trim()) { parts.push(v); n += v.length; }
          }
        }
      };
      collect(el, el.getAttribute("aria-hidden") === "true");
      t = joinText(parts);
    }
    if (!t) {
      const img = el.querySelector && el.querySelector("img[alt],[aria-label],svg title");
      if (img) t = collapse(img.getAttribute("alt") || img.getAttribute("aria-label") || img.textContent);
    }
    return t;
  }

  // byIds reads the elements an attribute names by id (aria-labelledby,
  // aria-describedby) as one text, joined as textOf joins text nodes: a
  // label made of several elements reads as one made of text nodes.
  function byIds(el, attr) {
    const v = el.getAttribute(attr);
    if (!v) return "";
    const ids = v.split(/\s+/).filter(Boolean);
    if (!ids.length) return "";
    const root = el.getRootNode();
    return joinText(ids.map((id) => {
      const n = root.getElementById ? root.getElementById(id) : document.getElementById(id);
      return n ? n.textContent : "";
    }));
  }

  // iconWords names an icon-only control from its icon: a class such as
  // "icon-trash", "fa-xmark" or "bi-x-lg" (the part after the icon-set
  // prefix), data-icon, or an SVG sprite reference; then any other class
  // words that are not layout words.
  const ICON_PREFIX = /^(icon|icons|fa|fas|far|fal|fab|bi|mdi|glyphicon|ti|ri|la|ion|octicon|feather|lucide|ph|material-icons|codicon)[-_](.+)$/i;
  const LAYOUT_WORDS = new Set(["row", "action", "actions", "btn", "button", "icon", "wrap", "wrapper", "item", "link", "nav",
    "primary", "secondary", "ghost", "small", "large", "round", "rounded", "flat", "outline", "active", "toggle", "control", "ctrl"]);
  function iconWords(el) {
    const split = (w) => w.toLowerCase().split(/[-_]+/).filter((x) => x.length > 1 && !ICON_STOP.has(x) && !/^\d+$/.test(x));
    const nodes = [];
    const collect = (n, depth) => {
      if (depth > 3 || nodes.length > 12) return;
      nodes.push(n);
      for (let c = n.firstElementChild; c; c = c.nextElementSibling) collect(c, depth + 1);
    };
    collect(el, 0);
    for (const n of nodes) {
      const cls = typeof n.className === "string" ? n.className : (n.getAttribute && n.getAttribute("class")) || "";
      for (const c of cls.split(/\s+/)) {
        const m = ICON_PREFIX.exec(c);
        if (m) { const w = split(m[2]); if (w.length) return w.slice(0, 3).join(" "); }
      }
      const di = n.getAttribute && n.getAttribute("data-icon");
      if (di) { const w = split(di); if (w.length) return w.slice(0, 3).join(" "); }
      if (n.tagName && n.tagName.toLowerCase() === "use") {
        const h = n.getAttribute("href") || n.getAttribute("xlink:href") || "";
        const w = split(h.replace(/^.*#/, "")).filter((x) => x !== "icon");
        if (w.length) return w.slice(0, 3).join(" ");
      }
    }
    // An icon drawn by the style sheet (content: url(send.png), a
    // background image) is named by its image's file name, as an <img>
    // with no alt is by its src: that is the picture a person sees.
    for (const n of nodes) {
      if (!n.tagName || n.textContent.trim()) continue;
      let m;
      if (n.tagName === "IMG") m = [null, n.getAttribute("src") || ""];
      else {
        const st = getComputedStyle(n);
        m = /url\(["']?([^"')]+)/.exec(st.content !== "normal" && st.content !== "none" ? st.content : st.backgroundImage);
      }
      if (!m || !m[1] || m[1].startsWith("data:")) continue;
      const w = split(m[1].replace(/[?#].*$/, "").replace(/^.*\//, "").replace(/\.[a-z0-9]+$/i, "")).filter((x) => !LAYOUT_WORDS.has(x) && x !== "hover" && x !== "ic");
      if (w.length) return w.slice(0, 3).join(" ");
    }
    for (const n of nodes) {
      const cls = typeof n.className === "string" ? n.className : (n.getAttribute && n.getAttribute("class")) || "";
      for (const c of cls.split(/\s+/)) {
        const w = split(c).filter((x) => !LAYOUT_WORDS.has(x));
        if (w.length) return w.slice(0, 3).join(" ");
      }
    }
    // A glyph the style sheet draws (".destroy::after { content: '×' }")
    // is what a person sees on the button.
    for (const n of nodes) {
      if (!n.tagName || n.textContent.trim()) continue;
      for (const pseudo of ["::before", "::after"]) {
        const m = /^["'](.{1,3})["']$/u.exec(getComputedStyle(n, pseudo).content);
        if (m && m[1].trim() && !/[\p{L}\p{N}]/u.test(m[1])) return m[1].trim();
      }
    }
    return "";
  }

  // editableRoot: the element starts a contenteditable region (its own
  // attribute says so, its parent is not editable). Read from attributes:
  // isContentEditable asks the engine for editing state on every element.
  function editableRoot(el) {
    const ce = el.getAttribute("contenteditable");
    if (ce === null || ce === "false") return false;
    return !el.parentElement || !el.parentElement.isContentEditable;
  }

  function roleOf(el, tag) {
    const attr = el.getAttribute("role");
    if (attr) {
      const explicit = attr.trim().split(/\s+/)[0];
      if (explicit && explicit !== "presentation" && explicit !== "none") return explicit;
    }
    if (tag === "A") return el.hasAttribute("href") ? "link" : "";
    if (tag === "INPUT") {
      const t = (el.type || "text").toLowerCase();
      return INPUT_ROLE[t] || "textbox";
    }
    if (tag === "SELECT") return el.multiple || el.size > 1 ? "listbox" : "combobox";
    if (NATIVE_ROLE[tag]) return NATIVE_ROLE[tag];
    if (editableRoot(el)) return "textbox";
    if (/^H[1-6]$/.test(tag)) return "heading";
    return "";
  }

  const FIELD_TAGS = new Set(["SELECT", "INPUT", "TEXTAREA"]);
  function labelOf(el) {
    const labels = labelsOf(el);
    if (labels.length) {
      return collapse(labels.map((l) => {
        // The label text without the control's own text (a select's options).
        let t = "";
        for (let n = l.firstChild; n; n = n.nextSibling) {
          if (n === el) continue;
          const type = n.nodeType;
          if (type === 3) t += n.data;
          else if (type === 1 && !FIELD_TAGS.has(n.tagName)) t += " " + n.textContent;
        }
        return t;
      }).join(" "));
    }
    return "";
  }

  function nearbyText(el) {
    // The text just before the control, as a form row shows it.
    let n = el.previousSibling;
    for (let i = 0; n && i < 3; i++, n = n.previousSibling) {
      const t = collapse(n.textContent);
      if (t && t.length < 60) return t;
    }
    const p = el.parentElement;
    if (p && p.children.length <= 2) {
      const prev = p.previousElementSibling;
      // A block of several "label: value" parts ("to: Ann subject: Re: Hi")
      // labels other things, not the field after it; nor does a row that
      // holds a field of its own (a stack of "field, then its label"
      // rows: the text there is that field's).
      if (prev && !prev.querySelector(FIELD_SEL)) { const t = collapse(prev.textContent); if (t && t.length < 60 && (t.match(/\w:(\s|$)/g) || []).length < 2) return t; }
      // Else the text after it in its own row: a label under or after
      // its field.
      for (let n = el.nextSibling, i = 0; n && i < 3; i++, n = n.nextSibling) {
        if (n.nodeType === 1 && (n.matches(CONTROL_SEL) || n.querySelector(CONTROL_SEL))) break;
        const t = collapse(n.textContent);
        if (t && t.length < 60) return t;
      }
    }
    return "";
  }

  // nameOf computes the accessible name, approximately as a browser does,
  // without layout. It returns [name, label, placeholder].
  function nameOf(el, tag, role) {
    let name = byIds(el, "aria-labelledby") || collapse(el.getAttribute("aria-label"));
    let label = "";
    const placeholder = collapse(el.getAttribute("placeholder") || el.getAttribute("aria-placeholder"));
    const field = tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || role === "textbox" || role === "combobox" || role === "searchbox";
    if (tag === "INPUT") {
      const t = (el.type || "").toLowerCase();
      if (!name && (t === "submit" || t === "button" || t === "reset")) name = collapse(el.value) || (t === "submit" ? "Submit" : t === "reset" ? "Reset" : "");
      if (!name && t === "image") name = collapse(el.getAttribute("alt"));
    }
    if (field) {
      label = labelOf(el) || name;
      if (!name) name = label;
      if (!name) name = collapse(el.getAttribute("title"));
      if (!name) name = placeholder;
      if (!name) { label = nearbyText(el); name = label; }
    }
    if (!name && role !== "textbox") name = cap(textOf(el), 120);
    if (!name) name = collapse(el.getAttribute("title") || el.getAttribute("alt"));
    if (!name && tag === "INPUT" && (el.type === "checkbox" || el.type === "radio")) name = nearbyText(el);
    if (!name) name = iconWords(el);
    if (!name && el.tagName === "A") {
      const h = el.getAttribute("href") || "";
      name = h.replace(/^.*\//, "").replace(/[?#].*$/, "");
    }
    return [cap(name, 160), label, placeholder];
  }

  // hoverRules reads, per document or shadow root, what its style sheets
  // do under the mouse. `ptr` is one selector for the elements given a
  // pointer cursor only while hovered (".controls span:hover { cursor:
  // pointer }"): a person sees the hand as soon as the mouse is over
  // them, so they are controls as much as those with a pointer cursor
  // always. `reveal` are the rules that show an element only while the
  // pointer is over it or an ancestor (".todo li:hover .destroy {
  // display: block }"), each as the hovered host's selector and the
  // revealed element's, both without ":hover": a person sees those
  // controls as soon as the mouse is over their row, so observe lists
  // them (state hover) and a click hovers the host first. A selector
  // left with no class, id or attribute ("a", "*") is too broad to be a
  // trace of a control.
  const hoverCache = new WeakMap();
  // hoverEnd is the end of the compound selector holding ":hover" that
  // starts at i: the next combinator outside brackets and parentheses.
  function hoverEnd(sel, i) {
    let depth = 0;
    for (let j = i; j < sel.length; j++) {
      const ch = sel[j];
      if (ch === "(" || ch === "[") depth++;
      else if (ch === ")" || ch === "]") depth--;
      else if (depth === 0 && (ch === " " || ch === ">" || ch === "+" || ch === "~")) return j;
    }
    return sel.length;
  }
  function sheetsOf(root) {
    const out = [];
    for (const sh of root.styleSheets || []) out.push(sh);
    for (const sh of root.adoptedStyleSheets || []) out.push(sh);
    return out;
  }
  function hoverRules(root) {
    const sheets = sheetsOf(root);
    const hit = hoverCache.get(root);
    if (hit && hit.n === sheets.length) return hit;
    const ptr = [], reveal = [], onFocus = [], moves = [];
    const valid = (sel) => { try { root.querySelector(sel); return true; } catch (e) { return false; } };
    const scan = (rules, depth) => {
      for (const r of rules) {
        if (ptr.length > 200 || reveal.length > 200 || onFocus.length > 200 || moves.length > 200) return;
        if (r.cssRules && depth < 4 && !r.selectorText) { scan(r.cssRules, depth + 1); continue; }
        if (!r.selectorText || !r.style) continue;
        if (r.selectorText.includes(":focus")) focusRule(r, onFocus, valid);
        if (!r.selectorText.includes(":hover")) continue;
        const st = r.style;
        if (HOVER_GEOMETRY.some((k) => st[k])) {
          for (const part of r.selectorText.split(",")) {
            const bare = part.replace(/:hover/g, "").trim();
            if (part.includes(":hover") && bare && valid(bare)) moves.push(bare);
          }
        }
        const pointer = st.cursor === "pointer";
        const shows = st.display && st.display !== "none" || st.visibility === "visible" || st.opacity !== "" && +st.opacity > 0;
        if (!pointer && !shows) continue;
        for (const part of r.selectorText.split(",")) {
          const at = part.indexOf(":hover");
          if (at < 0) continue;
          const bare = part.replace(/:hover/g, "").trim();
          if (!/[.#\[]/.test(bare) || !valid(bare)) continue;
          if (pointer) ptr.push(bare);
          if (shows) {
            const host = part.slice(0, hoverEnd(part, at)).replace(/:hover/g, "").trim();
            if (host && valid(host)) reveal.push({ host, target: bare });
          }
        }
      }
    };
    for (const sh of sheets) {
      let rules = null;
      try { rules = sh.cssRules; } catch (e) { rules = null; } // another origin's sheet
      if (rules) scan(rules, 0);
    }
    const out = { n: sheets.length, ptr: ptr.join(","), reveal, revealSel: reveal.map((x) => x.target).join(","), onFocus: onFocus.join(","), moves: moves.join(",") };
    hoverCache.set(root, out);
    return out;
  }
  // HOVER_GEOMETRY are the style properties by which a :hover rule can
  // move, resize or swap what the pointer rests on (an icon's content
  // swapped for another image): see pointAfterHover.
  const HOVER_GEOMETRY = ["content", "display", "width", "height", "visibility", "position", "top", "left", "transform", "fontSize", "padding", "margin"];
  // focusRule adds to out the selector of the elements rule r hides
  // until they take the focus: the "visually hidden until focused"
  // pattern of skip links, either a 1px clip on all but the focused one
  // (GOV.UK's ".govuk-skip-link:not(:active):not(:focus)", Bootstrap's
  // ".visually-hidden-focusable:not(:focus):not(:focus-within)") or the
  // clip undone on focus (".sr-only-focusable:focus { clip: auto }").
  // A person tabbing into the page sees such a control, so observe
  // lists it (state onfocus) and a click focuses it first.
  function focusRule(r, out, valid) {
    const st = r.style;
    const hides = st.clip && st.clip !== "auto" || st.clipPath && st.clipPath !== "none" || st.width === "1px" || st.height === "1px";
    const shows = st.clip === "auto" || st.clipPath === "none" || st.position === "static" || st.width === "auto" && st.height === "auto";
    for (const part of r.selectorText.split(",")) {
      let bare = "";
      if (hides && /:not\(:focus/.test(part)) bare = part.replace(/:not\((?::focus(?:-within|-visible)?|:active)\)/g, "");
      else if (shows && /:focus/.test(part) && !/:not\(:focus/.test(part)) bare = part.replace(/:(?:focus(?:-within|-visible)?|active)\b/g, "");
      bare = bare.trim();
      // What is left may still name a class that reads ":focus"
      // (GOV.UK's ".\:focus", a test hook), but no pseudo-class of focus.
      if (bare && /[.#\[]/.test(bare) && !/(^|[^\\]):(?:focus|active)/.test(bare) && valid(bare)) out.push(bare);
    }
  }
  // focusShown reports whether a style sheet rule of el's root draws el
  // only while it has the focus (see focusRule).
  function focusShown(el) {
    const sel = hoverOfRoot(el.getRootNode()).onFocus;
    return sel !== "" && el.matches(sel);
  }
  // hoverOf holds each root's rules for one walk: asking the live
  // styleSheets list for every element costs more than matching.
  let hoverOf = new Map();
  function hoverOfRoot(root) {
    let h = hoverOf.get(root);
    if (h === undefined) {
      h = hoverRules(root);
      hoverOf.set(root, h);
    }
    return h;
  }
  function hoverSelector(doc) { return hoverOfRoot(doc).ptr; }
  function pointerOnHover(el) {
    const sel = hoverOfRoot(el.getRootNode()).ptr;
    return sel !== "" && el.matches(sel);
  }
  // revealHost returns the element whose hover shows el (el itself or an
  // ancestor), or null when no rule of its root reveals el.
  function revealHost(el) {
    const h = hoverOfRoot(el.getRootNode());
    if (!h.revealSel || !el.matches(h.revealSel)) return null;
    for (const r of h.reveal) {
      if (!el.matches(r.target)) continue;
      const host = el.closest(r.host);
      if (host) return host;
    }
    return null;
  }
  // revealedBy returns the host whose hover shows el, looking up from el
  // through ancestors that are not drawn (a hidden bar of actions holds
  // the revealed buttons), or null.
  function revealedBy(el) {
    for (let n = el, i = 0; n && n.nodeType === 1 && i < 4; n = n.parentElement, i++) {
      const h = revealHost(n);
      if (h) return h;
    }
    return null;
  }

  // markupInteractive says whether the markup alone makes el a control:
  // true or false, or null when only its cursor can tell (visit reads the
  // cursor then, and only then: a computed style read costs).
  function markupInteractive(el, tag, role) {
    if (tag === "INPUT") return (el.type || "").toLowerCase() !== "hidden";
    if (tag === "BUTTON" || tag === "SELECT" || tag === "TEXTAREA" || tag === "SUMMARY") return true;
    if (tag === "A" && el.hasAttribute("href")) return true;
    // Script frameworks wire controls by data attributes (jQuery UI's
    // data-handler, Bootstrap's data-bs-toggle): a trace of a handler.
    if (el.hasAttribute("data-handler") || el.hasAttribute("data-action") || el.hasAttribute("data-toggle") || el.hasAttribute("data-bs-toggle")) return true;
    if (role && WIDGET_ROLES.has(role)) return true;
    if (role === "heading") return false;
    if (editableRoot(el)) return true;
    if (el.hasAttribute("onclick")) return true;
    // A tabindex of 0 or more puts el in the tab order: a control, but for
    // an <a> without href, which it makes a focus stop (the target of an
    // in-page link: Chromium's role for it is generic), as tabindex="-1"
    // makes a region a script focuses; such an <a> is a control only by a
    // script's trace (a role, onclick, a handler's data attribute above, a
    // pointer cursor).
    const ti = el.getAttribute("tabindex");
    if (ti !== null && +ti >= 0 && tag !== "DIALOG" && tag !== "MAIN" && tag !== "BODY" && tag !== "A") return true;
    return null;
  }

  // pointerStarts: where a pointer cursor starts (it inherits), a
  // script-handled control usually is: the only trace of an
  // addEventListener("click"). Not inside a label of a control: clicking
  // there is clicking the control. parentStyle is the parent's computed
  // style, or null where the walk starts.
  function pointerStarts(el, tag, cursor, parentStyle) {
    if ((cursor === "pointer" || pointerOnHover(el) || !parentStyle && hoverBarItem(el)) && (parentStyle ? parentStyle.cursor : "") !== "pointer" && tag !== "LABEL" && tag !== "BODY" && tag !== "HTML") {
      const lab = el.closest("label");
      return !(lab && lab.control);
    }
    return false;
  }

  // wrapsControls says whether el, a control only by its cursor, says
  // nothing of its own and draws only children that are controls
  // themselves ("<span><span class=more></span><ul>…</ul></span>" under
  // ".controls span:hover, .controls ul:hover { cursor: pointer }"): the
  // children are the controls a person sees, and the wrapper no other
  // one around them.
  function wrapsControls(el) {
    let n = 0;
    const elCursor = () => getComputedStyle(el).cursor;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) { if (c.data.trim()) return false; continue; }
      if (c.nodeType !== 1 || !drawn(c)) continue;
      const own = markupInteractive(c, c.tagName, c.getAttribute("role"));
      if (own === false || own === null && !pointerOnHover(c) && !(getComputedStyle(c).cursor === "pointer" && elCursor() !== "pointer")) return false;
      n++;
    }
    return n > 0 && !el.hasAttribute("aria-label") && !el.hasAttribute("title");
  }

  // stepperGlyph says whether el is one end of a "− 2 +" stepper drawn
  // from plain text: a leaf saying only a minus or a plus, with a leaf
  // saying the other sign at most two siblings away (the count between).
  // A person reads the pair as buttons whatever the markup; the page's
  // script handles them where no trace of it shows (jQuery's handlers).
  const MINUS = new Set(["-", "−", "–"]), PLUS = new Set(["+", "＋"]);
  function stepperGlyph(el) {
    if (el.firstElementChild) return false;
    const t = el.textContent.trim();
    const other = MINUS.has(t) ? PLUS : PLUS.has(t) ? MINUS : null;
    if (!other) return false;
    for (const dir of ["previousElementSibling", "nextElementSibling"]) {
      let s = el[dir];
      for (let i = 0; s && i < 2; i++, s = s[dir]) {
        if (!s.firstElementChild && other.has(s.textContent.trim())) return true;
      }
    }
    return false;
  }

  // hoverBarItem says whether el is one of the labelled items of a bar
  // given a pointer cursor only while hovered (".controls ul:hover {
  // cursor: pointer }" over its <li>s): as with a bar whose cursor is
  // always a pointer, its items are the controls, not the bar.
  function hoverBarItem(el) {
    const p = el.parentElement;
    return !!p && pointerOnHover(p) && labelledItems(p) >= 2;
  }

  // columnOf is the header of the table column a data cell holding el
  // sits in: the <th> at the cell's index in the table's last head row,
  // or in its first row when that row is all <th>. "" elsewhere.
  function columnOf(el) {
    const cell = el.closest("td");
    if (!cell) return "";
    const table = cell.closest("table");
    const row = cell.parentElement;
    if (!table || !row || row.tagName !== "TR") return "";
    let head = table.tHead && table.tHead.rows.length ? table.tHead.rows[table.tHead.rows.length - 1] : null;
    if (!head) {
      const first = table.rows[0];
      if (first && first !== row && first.cells.length && Array.from(first.cells).every((c) => c.tagName === "TH")) head = first;
    }
    if (!head || head === row) return "";
    // The cell's column, counting the spans of the cells before it.
    let at = 0;
    for (const c of row.cells) { if (c === cell) break; at += c.colSpan || 1; }
    let x = 0;
    for (const h of head.cells) {
      if (at < x + (h.colSpan || 1)) return h.tagName === "TH" ? cap(textOf(h), 80) : "";
      x += h.colSpan || 1;
    }
    return "";
  }

  // shownBy reads whether a rendered element is painted at all.
  function shownBy(style) {
    const v = style.visibility;
    return v !== "hidden" && v !== "collapse" && +style.opacity !== 0;
  }

  function valueOf(el, tag, role) {
    if (tag === "INPUT") {
      const t = (el.type || "").toLowerCase();
      if (t === "password") return "";
      if (["checkbox", "radio", "button", "submit", "reset", "image", "file"].includes(t)) return t === "file" ? collapse(Array.from(el.files || []).map((f) => f.name).join(", ")) : "";
      return el.value;
    }
    if (tag === "TEXTAREA") return el.value;
    if (tag === "SELECT") return collapse(Array.from(el.selectedOptions).map((o) => o.label || o.text).join(", "));
    if (el.isContentEditable) return collapse(el.textContent);
    const v = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
    if (v) return v;
    if (role === "combobox") { const i = el.querySelector("input"); if (i) return i.value; }
    return "";
  }

  // selectInto sets a select's value (its chosen options' labels) and its
  // options (the first 200) from one pass over its options.
  function selectInto(it, el) {
    const opts = el.options, n = opts.length, list = [], chosen = [];
    for (let i = 0; i < n; i++) {
      const o = opts[i];
      const selected = o.selected;
      if (i >= 200 && !selected) continue;
      const raw = o.label || o.text;
      if (selected) chosen.push(raw);
      if (i < 200) list.push({ label: collapse(raw), value: o.value, selected, disabled: o.disabled });
    }
    it.value = collapse(chosen.join(", "));
    it.options = list;
  }

  const LANDMARK = { MAIN: "main", NAV: "navigation", HEADER: "banner", FOOTER: "contentinfo", ASIDE: "complementary" };
  function headingIn(el) {
    const h = el.querySelector("h1,h2,h3,h4,h5,h6,legend,[role=heading],strong,b");
    return h ? cap(collapse(h.textContent), 60) : "";
  }
  function q(s) { return JSON.stringify(s); }
  // pathLabel returns the path entry this element adds, or "".
  const PATH_TAGS = new Set(["DIALOG", "MAIN", "NAV", "HEADER", "FOOTER", "ASIDE", "FORM", "FIELDSET", "SECTION", "LI", "TR", "ARTICLE", "TBODY"]);
  // DIALOG_CLASS reads a class as a pop-up's (modal, popup, dialog,
  // lightbox), for boxes drawn without a role.
  const DIALOG_CLASS = /(^|[\s_-])(modal|popup|pop-up|dialog|lightbox)([\s_-]|$)/i;
  // CONTAINER reads a class as a list's, not an item's ("result-list",
  // "product-grid"): it holds the cards, and is none.
  const CONTAINER = /(^|[\s_-])(list|grid|results|items|container|wrapper)([\s_-]|$)/i;
  const CARD_CLASS = /(^|[\s_-])(card|tile|result|product|item)([\s_-]|$)/i;
  // Groups. A card, a table row, a list item and a run of look-alike
  // blocks are each a group, named by what they hold: a card by its
  // heading, else its first line of text (`card "Dr Ana Silva"`); a row by
  // its cells (`row "March 2025 · €104.37"`); a list item by its text
  // (`listitem "Buy milk"`). Text inside controls names the controls, not
  // the group. A group with no text of its own keeps its number
  // (`listitem #3`); a second sibling of the same name gets one after it
  // (`listitem "Buy milk" #2`), so two groups never share a path.
  let siblingKinds = new WeakMap(); // per observe: lists change
  let runCards = new WeakMap(); // per observe: how many of a run are cards, by kind
  let groupNames = new WeakMap(); // per observe: element -> its label
  const CONTROL_SEL = "a[href],button,input,select,textarea,[role=button],[role=link],[onclick],[tabindex]";
  const FIELD_SEL = "input:not([type=button]):not([type=submit]):not([type=reset]):not([type=image]),select,textarea";
  // BLOCK_TAGS are the tags a class-less run of look-alike blocks is made
  // of; paragraphs, labels and cells are parts of a block, not blocks.
  const isBlockTag = (tag) => tag === "DIV" || tag === "SECTION" || tag === "FIGURE" || tag.includes("-");
  // outsideText visits the text nodes of el that lie outside its controls
  // (and outside hidden or aria-hidden parts), in document order, until
  // fn returns true or budget nodes were looked at.
  function outsideText(el, fn, budget) {
    let left = budget || 400;
    const walkText = (n) => {
      for (let c = n.firstChild; c && left > 0; c = c.nextSibling) {
        left--;
        const type = c.nodeType;
        if (type === 3) { if (c.data.trim() && !(n.tagName === "DETAILS" && !n.open) && fn(c)) return true; continue; }
        if (type !== 1 || SKIP.has(c.tagName) || c.hasAttribute("hidden") || c.getAttribute("aria-hidden") === "true" || unseen(c, n)) continue;
        if (c.matches(CONTROL_SEL)) continue;
        if (walkText(c) || c.shadowRoot && walkText(c.shadowRoot)) return true;
      }
      return false;
    };
    return walkText(el.shadowRoot && !el.firstChild ? el.shadowRoot : el);
  }
  // composedParent is the element above n, across a shadow root to its
  // host.
  const composedParent = (n) => n.parentElement || (n.parentNode && n.parentNode.host) || null;

  // lineAt is the line of text a text node belongs to: its nearest
  // ancestor (up to root) that is not a phrasing element, read whole,
  // without the text of controls in it (a title bar's "×") or hidden.
  function lineAt(t, root) {
    let e = composedParent(t);
    while (e && e !== root && INLINE.has(e.tagName) && e.parentElement && e.parentElement !== root) e = e.parentElement;
    if (!e || e === root) return collapse(t.data);
    if (!e.querySelector(CONTROL_SEL + ",[aria-hidden=true]")) return collapse(e.textContent);
    // Without the text of controls and of what is hidden from assistive
    // technology (a logo's letters: "IB" before "Iberia").
    let line = "";
    outsideText(e, (x) => { line += x.data; return line.length > 120; }, 60);
    return collapse(line);
  }
  // firstLine is el's first line of text outside its controls, "" when it
  // shows none.
  function firstLine(el) {
    let line = "";
    outsideText(el, (t) => { line = lineAt(t, el); return line !== ""; });
    return cap(line, 60);
  }
  // rowName names a table row by its cells: the text of each cell outside
  // its controls, joined by " · ".
  function rowName(el) {
    const parts = [];
    let n = 0;
    for (let c = el.firstElementChild; c && n < 120; c = c.nextElementSibling) {
      if (c.tagName !== "TD" && c.tagName !== "TH" && (c.getAttribute("role") || "") !== "cell" && (c.getAttribute("role") || "") !== "gridcell") continue;
      let t = "";
      outsideText(c, (x) => { t += " " + x.data; return t.length > 60; }, 80);
      t = cap(collapse(t), 40);
      if (t) { parts.push(t); n += t.length; }
    }
    return cap(parts.join(" · "), 80);
  }
  // groupName is the name a group element is known by: its aria label,
  // else its heading, else (rows) its cells or its first line of text.
  function groupName(el, tag) {
    const aria = collapse(el.getAttribute("aria-label")) || byIds(el, "aria-labelledby");
    if (aria) return cap(aria, 60);
    if (tag === "TR" || el.getAttribute("role") === "row") return rowName(el);
    return headingIn(el) || firstLine(el);
  }
  // pathName is the name of the innermost named item of a path (a list
  // item, row, card or article): the quoted part of its label, "" when
  // none has one.
  function pathName(path) {
    for (let i = path.length - 1; i >= 0; i--) {
      const m = /^(?:listitem|row|card|article) ("(?:[^"\\]|\\.)*")/.exec(path[i]);
      if (m) { try { return JSON.parse(m[1]); } catch (e) { return ""; } }
    }
    return "";
  }
  // numberedGroup labels el, one of the siblings that kind (listitem,
  // row, card) numbers, by its name, counting earlier siblings of the
  // same name; same(s) says which siblings are of its kind. The labels of
  // all siblings are made at once, so a long list is read once.
  function numberedGroup(el, kind, same) {
    let label = groupNames.get(el);
    if (label !== undefined) return label;
    const parent = el.parentNode;
    const seen = new Map();
    let i = 0;
    for (let s = parent ? parent.firstElementChild : el; s; s = s.nextElementSibling) {
      if (!same(s)) continue;
      i++;
      const name = groupName(s, s.tagName);
      let l;
      if (!name) l = kind + " #" + i;
      else {
        const k = (seen.get(name) || 0) + 1;
        seen.set(name, k);
        l = kind + " " + q(name) + (k > 1 ? " #" + k : "");
      }
      groupNames.set(s, l);
      if (!parent) break;
    }
    return groupNames.get(el) || kind + " #1";
  }
  // blockKind is what makes siblings look alike: their tag and the first
  // word of their class. The words after it are states a page adds to one
  // of them ("msg-row unread" in the mail site, "sub-card expired" in the
  // account site, "task locked" or "completed" in todo lists): a block in
  // another state is the same kind of block.
  function blockKind(el) {
    const c = (el.getAttribute("class") || "").trim();
    const sp = c.search(/\s/);
    return el.tagName + "." + (sp < 0 ? c : c.slice(0, sp));
  }
  // repeatedCard reports whether el is one of a run of look-alike blocks
  // (three or more shown siblings of its kind, two or more of them with
  // controls; a plain block's kind is its tag), holding controls of its own
  // and text beside them: two or more controls, or one that is no field. A
  // person sees each as a card whatever its class is called, heading or
  // not, and a sibling with no control (someone else's task, a sold-out
  // item) is still one of the run. A block whose only control is a field is
  // a form row, not a card.
  function repeatedCard(el, tag) {
    const c = el.getAttribute("class") || "";
    const parent = el.parentElement;
    if (!parent || INLINE.has(tag) || !c && !isBlockTag(tag)) return false;
    let kinds = siblingKinds.get(parent);
    const hov = hoverSelector(el.ownerDocument);
    if (!kinds) {
      // Only blocks a person sees side by side make a run: a page's hidden
      // templates beside its one content block (a task's hidden prompt and
      // cover) make none, and nor do empty wrappers, for two of the run
      // must hold controls. Those are asked (a layout query each) only of
      // kinds that have three siblings at all.
      const all = new Map(), sibs = [];
      for (let s = parent.firstElementChild; s; s = s.nextElementSibling) {
        const k = blockKind(s);
        all.set(k, (all.get(k) || 0) + 1);
        sibs.push(s, k);
      }
      const shown = new Map(), active = new Map();
      for (let i = 0; i < sibs.length; i += 2) {
        const s = sibs[i], k = sibs[i + 1];
        if (all.get(k) < 3 || !s.getClientRects().length) continue;
        shown.set(k, (shown.get(k) || 0) + 1);
        if (s.querySelector(CONTROL_SEL) || hov && s.querySelector(hov)) active.set(k, (active.get(k) || 0) + 1);
      }
      kinds = new Set();
      for (const [k, n] of shown) if (n >= 3 && (active.get(k) || 0) >= 2) kinds.add(k);
      siblingKinds.set(parent, kinds);
    }
    const kind = blockKind(el);
    if (!kinds.has(kind)) return false;
    if (holdsCard(el, hov)) return true;
    if (el.querySelector(CONTROL_SEL) || hov && el.querySelector(hov)) return false;
    // A block of the run with no control of its own (someone else's
    // task, a sold-out item) is a card when two of its siblings are: the
    // thing a step names may be the one that cannot be acted on, and a
    // press in its place must be seen to be another's.
    let cards = runCards.get(parent);
    if (!cards) runCards.set(parent, cards = new Map());
    if (!cards.has(kind)) {
      let n = 0;
      for (let s = parent.firstElementChild; s && n < 2; s = s.nextElementSibling) {
        if (blockKind(s) === kind && s.getClientRects().length && holdsCard(s, hov)) n++;
      }
      cards.set(kind, n);
    }
    return cards.get(kind) >= 2 && !!el.getClientRects().length && outsideText(el, () => true, 200);
  }
  // holdsCard reports whether a block of a run holds what makes a card:
  // two controls or more, or one that is no field with text beside it.
  function holdsCard(el, hov) {
    const controls = el.querySelectorAll(CONTROL_SEL);
    let n = controls.length;
    if (n < 2 && hov) n += el.querySelectorAll(hov).length;
    if (n >= 2) return true;
    return n === 1 && controls.length === 1 && !controls[0].matches(FIELD_SEL) && outsideText(el, () => true, 200);
  }

  function pathLabel(el, tag, role, style) {
    if (!role && DIALOG_CLASS.test(el.getAttribute("class") || "") && style.position === "fixed") {
      // A pop-up drawn without a role (a fixed box classed popup or
      // modal) is a dialog to whoever sees it: named by its title.
      const n = collapse(el.getAttribute("aria-label")) || byIds(el, "aria-labelledby") || headingIn(el) || firstLine(el);
      return n ? "dialog " + q(n) : "dialog";
    }
    if (!role && !PATH_TAGS.has(tag)) {
      const c = el.getAttribute("class");
      if (!c || !CARD_CLASS.test(c) || /(^|\s)(btn|button)/i.test(c)) {
        if (!repeatedCard(el, tag)) return "";
        // Named by what it holds; two posts of one author are two cards,
        // numbered after the first.
        const kind = blockKind(el);
        return numberedGroup(el, "card", (s) => blockKind(s) === kind);
      }
    }
    const aria = collapse(el.getAttribute("aria-label")) || byIds(el, "aria-labelledby");
    if (tag === "DIALOG" || role === "dialog" || role === "alertdialog") {
      const n = aria || headingIn(el);
      return n ? "dialog " + q(n) : "dialog";
    }
    if (role === "menu" || role === "listbox" && tag !== "SELECT") return aria ? role + " " + q(aria) : role;
    if (LANDMARK[tag] || ["main", "navigation", "banner", "contentinfo", "complementary", "search"].includes(role)) {
      const r = role || LANDMARK[tag];
      return aria ? r + " " + q(aria) : r;
    }
    if (tag === "FORM" || role === "form") { const n = aria || collapse(el.getAttribute("name")); return n ? "form " + q(n) : "form"; }
    if (role === "radiogroup" || role === "tablist" || role === "toolbar") return aria ? role + " " + q(aria) : role;
    if (tag === "FIELDSET" || role === "group" && aria) { const n = aria || headingIn(el); return n ? "group " + q(n) : ""; }
    if (tag === "SECTION" || role === "region") {
      if (aria) return "region " + q(aria);
      // Sections repeated side by side (one per viewing, per booking)
      // are cards, named by what they hold.
      if (tag === "SECTION" && !role && repeatedCard(el, tag)) {
        const kind = blockKind(el);
        return numberedGroup(el, "card", (s) => blockKind(s) === kind);
      }
      return "";
    }
    if (tag === "TBODY" || role === "rowgroup") {
      // A table's row group headed by its own cell ("2025" over its
      // months) names the rows under it, as a card's heading does.
      const h = el.querySelector(':scope > tr > th[scope=rowgroup], :scope > tr:first-child > th[colspan]:only-child');
      const n = aria || (h ? cap(collapse(h.textContent), 60) : "");
      return n ? "rowgroup " + q(n) : "";
    }
    if (tag === "LI" || role === "listitem" || tag === "TR" || role === "row") {
      const kind = tag === "TR" || role === "row" ? "row" : "listitem";
      return numberedGroup(el, kind, (s) => s.tagName === tag);
    }
    if (tag === "ARTICLE" || role === "article") { const n = aria || headingIn(el); return n ? "article " + q(n) : "article"; }
    const cls = el.getAttribute("class") || "";
    // A paragraph or a heading is a card's text ("card-text", "card-title"),
    // never a card of its own.
    if (CARD_CLASS.test(cls) && !/(^|\s)(btn|button)/i.test(cls) && !CONTAINER.test(cls) && tag !== "UL" && tag !== "OL" && tag !== "P" && !/^H[1-6]$/.test(tag)) {
      const n = groupName(el, tag);
      return n ? "card " + q(n) : "";
    }
    return "";
  }

  function deepActive() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    // Into same-origin iframes.
    while (a && a.tagName === "IFRAME") {
      try { const d = a.contentDocument; if (!d || !d.activeElement) break; a = d.activeElement; } catch (e) { break; }
    }
    return a;
  }

  function describe(el) {
    if (!el) return "nothing";
    const tag = el.tagName.toLowerCase();
    const role = roleOf(el, el.tagName) || tag;
    let n = collapse(el.getAttribute("aria-label")) || cap(collapse(el.textContent), 50);
    if (!n) {
      const id = el.id ? "#" + el.id : (typeof el.className === "string" && el.className ? "." + el.className.split(/\s+/)[0] : "");
      return role + (id ? " " + id : "");
    }
    return role + " " + q(n);
  }

  // contains reports whether outer contains inner, across shadow roots.
  function composedContains(outer, inner) {
    for (let n = inner; n; n = n.parentNode || n.host) {
      if (n === outer) return true;
    }
    return false;
  }

  // hitTest reports what is on top at the element's centre, in its own
  // document (the caller handles iframes). Returns null when el is on top.
  function hitTest(el, cx, cy) {
    const root = el.getRootNode();
    const hit = (root.elementFromPoint ? root.elementFromPoint(cx, cy) : el.ownerDocument.elementFromPoint(cx, cy));
    if (!hit) return null;
    if (composedContains(el, hit) || composedContains(hit, el) && hit.tagName === "LABEL") return null;
    // A label that belongs to the control counts as the control.
    if (hit.tagName === "LABEL" && hit.control === el) return null;
    const lab = hit.closest && hit.closest("label");
    if (lab && lab.control === el) return null;
    return hit;
  }

  // mayCover reports whether an element of layered (positioned other
  // than static) other than el, its ancestors and what it holds spans
  // the point (cx, cy) of el's document: only such an element can be
  // drawn over el there, since the page's flow lays boxes side by side.
  // A box that overlaps its neighbour by a negative margin, or a static
  // one moved by a transform, is not seen; a press hit-tests anyway
  // (point). extents caches each element's box with what overflows it.
  function mayCover(el, cx, cy, layered, extents) {
    const doc = el.ownerDocument;
    for (const l of layered) {
      if (l === el || l.ownerDocument !== doc) continue;
      let e = extents.get(l);
      if (!e) {
        const r = l.getBoundingClientRect();
        e = [r.left, r.top, r.left + Math.max(r.width, l.scrollWidth), r.top + Math.max(r.height, l.scrollHeight)];
        extents.set(l, e);
      }
      if (cx < e[0] || cx > e[2] || cy < e[1] || cy > e[3] || e[2] <= e[0] || e[3] <= e[1]) continue;
      if (!composedContains(l, el) && !composedContains(el, l)) return true;
    }
    return false;
  }

  // onAFragment reports whether the point (cx, cy) of an inline
  // element's document lies on one of the boxes it is laid out in.
  function onAFragment(el, cx, cy) {
    const rs = el.getClientRects();
    if (rs.length === 1) return true;
    for (const r of rs) if (cx >= r.left && cx <= r.right && cy >= r.top && cy <= r.bottom) return true;
    return false;
  }

  // clippedBy reports whether an ancestor of el that scrolls or clips its
  // content (overflow other than visible) has el's centre outside its
  // box: el is out of that container's view, not under another element,
  // unless it is positioned out of the container's clip. clips, when
  // given, keeps each ancestor's clipping box (null where it
  // clips nothing) for the rest of a walk, which asks of many controls
  // under the same ancestors.
  function clippedBy(el, box, clips) {
    const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      let r = clips ? clips.get(a) : undefined;
      if (r === undefined) {
        const st = getComputedStyle(a);
        r = st.overflowX === "visible" && st.overflowY === "visible" ? null : a.getBoundingClientRect();
        if (clips) clips.set(a, r);
      }
      if (r && (cx < r.left || cx > r.right || cy < r.top || cy > r.bottom)) return true;
    }
    return false;
  }

  // scrolledAway reports whether el, whose box ends at right and bottom in
  // the document (left of or above its start, where the page's scrolling
  // reaches nothing), is there because a box around it scrolled it away:
  // a menu of fixed height scrolled past its first dishes shows them again
  // when scrolled back. Sources: MiniWoB++ order-food, the scroll menu of
  // the browser tests (TestScrolledAboveThePageIsListed).
  function scrolledAway(el, right, bottom) {
    for (let a = composedParent(el); a && a !== document.body && a !== document.documentElement; a = composedParent(a)) {
      right += a.scrollLeft;
      bottom += a.scrollTop;
      if (right > 0 && bottom > 0) return true;
    }
    return false;
  }

  // labelledItems counts the child elements of el that each say something
  // of their own and hold no control: the items of a bar, when el has no
  // text of its own besides them.
  function labelledItems(el) {
    for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && c.textContent.trim()) return 0;
    let n = 0;
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (!collapse(c.textContent)) continue;
      if (c.querySelector("a[href],button,input,select,textarea")) return 0;
      n++;
    }
    return n;
  }

  // phrasingOnly reports whether every child element of el is a phrasing
  // element without controls: spans and emphasis that a line is made of.
  const INLINE = new Set(["SPAN", "B", "I", "EM", "STRONG", "SMALL", "ABBR", "TIME", "SUB", "SUP", "MARK", "CODE", "S", "U", "BDI", "DATA", "Q", "CITE"]);
  function phrasingOnly(el) {
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (!INLINE.has(c.tagName) || c.firstElementChild && !phrasingOnly(c)) return false;
    }
    return true;
  }

  // clickHost is what a person would click for el: el itself, or for a
  // checkbox or radio hidden behind a styled label (opacity 0, no pointer
  // events, 1px), its label.
  function clickHost(el, style, rect) {
    if (el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio")) {
      style = style || getComputedStyle(el);
      const r = rect || el.getBoundingClientRect();
      if (+style.opacity === 0 || style.pointerEvents === "none" || r.width <= 1 || r.height <= 1 || style.visibility === "hidden") {
        const labels = labelsOf(el);
        if (labels.length) {
          const l = labels[0].getBoundingClientRect();
          if (l.width > 0 && l.height > 0) return labels[0];
        }
      }
    }
    return el;
  }
  // targetBox is the rectangle of what a person would click for el, or
  // null when el is not rendered.
  function targetBox(el, style) {
    const r = el.getBoundingClientRect();
    const h = clickHost(el, style, r);
    if (h !== el) return h.getBoundingClientRect();
    return r.width <= 0 || r.height <= 0 ? null : r;
  }

  // ERROR_MARK reads a class or id as an error message's: error, invalid,
  // a danger alert or text (govuk-error-message, invalid-feedback,
  // alert-danger, text-danger, has-error, field_with_errors). A bare
  // "danger" marks a danger zone (a section that deletes an account) as
  // often as a message, so it does not count alone.
  const ERROR_MARK = /(^|[\s_-])(errors?|invalid)([\s_-]|$)|(^|\s)(alert|text|is|has)-danger([\s_-]|$)/i;
  // errorMarked: el's class or id says it holds an error message, it
  // holds no field or button itself (a form group marked in error wraps
  // its label too; a section with a button is a panel, not a message),
  // and it sits beside a field or in a form.
  function errorMarked(el) {
    const cls = el.getAttribute("class"), id = el.id;
    if (!(cls && ERROR_MARK.test(cls) || id && ERROR_MARK.test(id))) return false;
    return !el.querySelector(FIELD_SEL + ",button,[role=button]") && nearField(el);
  }
  // nearField: el sits in a form, or within three levels of a field or a
  // form (an error line under the form, a message beside its field).
  function nearField(el) {
    if (el.closest("form")) return true;
    let a = el.parentElement;
    for (let i = 0; a && i < 3 && a !== document.body; i++, a = a.parentElement) {
      if (a.querySelector("form," + FIELD_SEL)) return true;
    }
    return false;
  }
  // redText: the text colour is a red (the error colour of most design
  // systems: #d4351c, #dc3545, #c00).
  function redText(style) {
    const m = /^rgba?\((\d+), (\d+), (\d+)/.exec(style.color);
    if (!m) return false;
    const r = +m[1], g = +m[2], b = +m[3];
    return r >= 150 && r - Math.max(g, b) >= 90 && Math.abs(g - b) < 60;
  }

  // STATE_BITS ranks the states in the order of the State constants on the
  // Go side, and numbers them for observeJSON.
  const STATE_BITS = { focused: 1, checked: 2, selected: 4, expanded: 8, disabled: 16, readonly: 32, required: 64, offscreen: 128, covered: 256, scrollable: 512, invalid: 1024, hover: 2048, collapsed: 4096, onfocus: 8192 };

  function observe(opts) {
    labelCache = new Map();
    try { return walkAll(opts || {}); } finally { labelCache = null; }
  }

  function walkAll(opts) {
    const maxItems = opts.maxItems || 5000, maxLines = opts.maxLines || 3000;
    // flush, when set, is handed the walk so far after every `every` items
    // (observeWire sends them on while the walk goes on).
    const flush = opts.flush, every = opts.every || 500;
    const items = [], lines = [];
    const vw = window.innerWidth, vh = window.innerHeight;
    // The page's scroll offset, read once: window.scrollX asks the engine
    // for layout on every read.
    const sx = scrollX, sy = scrollY;
    const active = deepActive();
    siblingKinds = new WeakMap();
    runCards = new WeakMap();
    groupNames = new WeakMap();
    hoverOf = new Map();
    let modal = null, popover = false;
    const counts = new Map();
    // Whether something covers a control on screen is asked of the engine
    // at the end of the walk, and only where something drawn in a layer
    // of its own could be on top of it (see mayCover): a hit test costs
    // in proportion to the page's layers, ~0.5 ms each on a grid of 250
    // positioned cards. layered holds the elements positioned other than
    // static; anyLayer is set where a part of the page could not be
    // searched for them (a large aria-hidden subtree), and every control
    // on screen is then hit-tested.
    const layered = [], deferred = [], clips = new Map();
    let anyLayer = false, sent = 0;
    const part = () => {
      if (flush && items.length % every === 0) { flush(items, lines, paths); sent = items.length; }
    };
    // Paths are shared arrays (a child reuses its parent's until a new
    // entry starts one), so they are sent once, as a table.
    const paths = [], pathIds = new Map();
    const pathIndex = (p) => {
      let i = pathIds.get(p);
      if (i === undefined) { i = paths.length; paths.push(p); pathIds.set(p, i); }
      return i;
    };

    // layersIn adds to layered what in the aria-hidden subtree at el,
    // which the walk does not enter, is positioned: a modal's backdrop
    // is drawn over the page though hidden from assistive technology.
    // A large subtree is not searched: every control is hit-tested.
    function layersIn(el) {
      const inside = el.getElementsByTagName("*");
      if (inside.length > 200) { anyLayer = true; return; }
      for (const d of [el, ...inside]) if (getComputedStyle(d).position !== "static") layered.push(d);
    }

    // hoverItems lists the controls in el (el itself or inside it), which
    // a style sheet shows only while the pointer is over a host around
    // them: each with state hover, drawn where its host is, named as any
    // control is.
    function hoverItems(el, path, frame) {
      const host = revealHost(el);
      if (!host || items.length >= maxItems) return;
      const hb = host.getBoundingClientRect();
      if (hb.width <= 0 || hb.height <= 0) return;
      const [ox, oy] = frameOffset(host);
      const ctrls = el.matches(CONTROL_SEL) ? [el] : Array.from(el.querySelectorAll(CONTROL_SEL)).slice(0, 8);
      for (const c of ctrls) {
        if (items.length >= maxItems || c.disabled === true || c.closest("[inert]")) continue;
        const tag = c.tagName;
        const role = roleOf(c, tag) || (tag === "A" ? "link" : "button");
        const [name] = nameOf(c, tag, role);
        const st = ["hover"];
        if (hb.bottom <= 0 || hb.top >= vh || hb.right <= 0 || hb.left >= vw) st.push("offscreen");
        const it = {
          ref: refFor(c), role, name, value: "", states: st, pi: pathIndex(path),
          bounds: { x: Math.round(hb.left + ox), y: Math.round(hb.top + oy), w: Math.round(hb.width), h: Math.round(hb.height) },
        };
        if (frame) it.frame = frame;
        const key = it.role + "\u0000" + name;
        it.nth = counts.get(key) || 0;
        counts.set(key, it.nth + 1);
        sigOf.set(it.ref, key);
        items.push(it);
        part();
      }
    }

    // mark is the kind of message the element being visited sits in:
    // "alert", "status", "error" or "" (see markHere in visit).
    let mark = "";

    function emitLine(el, text, path, role, frame) {
      if (lines.length >= maxLines) return;
      text = cap(collapse(text), 300);
      if (!text) return;
      // next places the line among the controls: the index of the first
      // control after it (the count so far), so "−  2 adults  +" reads as
      // one stepper.
      const ln = { ref: refFor(el), text, pi: pathIndex(path), next: items.length };
      if (role) ln.role = role;
      if (frame) ln.frame = frame;
      const col = columnOf(el);
      if (col && col !== text) ln.col = col;
      lines.push(ln);
    }

    // parentStyle is the computed style of the children's parent (its
    // cursor is read only when a child's own cursor makes it matter), or
    // null where no cursor carries over.
    function walk(node, path, ox, oy, frame, inWidget, textDone, dialogEl, parentStyle) {
      for (let el = node.firstElementChild; el; el = el.nextElementSibling) visit(el, path, ox, oy, frame, inWidget, textDone, dialogEl, parentStyle);
    }

    function visit(el, path, ox, oy, frame, inWidget, textDone, dialogEl, parentStyle) {
      const tag = el.tagName;
      if (SKIP.has(tag)) return;
      if (inWidget === "treeitem" && treeGroup(el, tag)) inWidget = false;
      // Inside a control only a dialog, a menu or listbox, a frame or a
      // shadow root adds anything (a control or line never): an element
      // with none of these, and no children, has nothing to look at (an
      // icon's path, an image in a link).
      if (inWidget && !el.firstElementChild && !el.shadowRoot && !el.hasAttribute("role") && tag !== "DIALOG" && tag !== "IFRAME" && tag !== "FRAME") return;
      // An inert subtree is out of reach and out of Chromium's
      // accessibility tree: nothing in it is a control or a line. The walk
      // stops at its root (el.inert is true there only).
      if (el.hasAttribute("inert")) return;
      if (el.hasAttribute("hidden") && tag !== "DIALOG" || el.getAttribute("aria-hidden") === "true" && !inWidget) {
        // aria-hidden content is skipped as browsers' accessibility tree does
        // (icons inside widgets are still read for names by nameOf).
        if (el.hasAttribute("hidden")) return;
        layersIn(el);
        return;
      }
      // Each property read of a computed style builds a string, and the
      // walk reads styles of every element: display always, the rest
      // (shown, cursor) once and only where a control, a line or a dialog
      // needs it.
      const style = getComputedStyle(el);
      const display = style.display;
      if (display === "none") {
        // Not drawn until the pointer is over its row: the controls it
        // holds are listed all the same (hoverItems).
        if (!inWidget && revealHost(el)) hoverItems(el, path, frame);
        return;
      }
      if (tag === "DIALOG" && !el.open) return;
      if (style.position !== "static") layered.push(el);
      // Content that is not drawn though a script gets a box for it
      // (getBoundingClientRect lays it out): what a closed <details> holds
      // besides its summary, and everything under content-visibility:
      // hidden. el's own text is no line, and of its children only a
      // closed details' summary is walked.
      const shut = tag === "DETAILS" && !el.open;
      const skips = shut || style.contentVisibility === "hidden";
      let shown = null, cursor = null;
      const role = roleOf(el, tag);
      // What the text in el says of the page's state: an alert (role, or
      // an assertive live region), a status (role status or log, a
      // polite live region), an error message (class or id saying so,
      // beside a field or in a form); inherited by what el holds.
      let markHere = mark;
      if (role === "alert") markHere = "alert";
      else if (role === "status" || role === "log") markHere = "status";
      else {
        const live = el.getAttribute("aria-live");
        if (live === "assertive") markHere = "alert";
        else if (live === "polite") markHere = markHere || "status";
        else if (!markHere && errorMarked(el)) markHere = "error";
      }
      let p = path;
      let pl = pathLabel(el, tag, role, style);
      // A card inside a card of the same name is a part of it (Bootstrap's
      // .card-body in its .card, a dish's name block in its menu item),
      // not another item.
      if (pl && path.length > 0 && path[path.length - 1] === pl && pl.startsWith("card ")) pl = "";
      let dlg = dialogEl;
      if (pl) {
        p = path.concat(pl);
        if (pl.startsWith("dialog")) {
          dlg = el;
          if ((shown ??= shownBy(style)) && (tag === "DIALOG" && el.matches(":modal") || el.getAttribute("aria-modal") === "true" || role === "alertdialog")) modal = el;
        }
        if ((pl.startsWith("menu") || pl.startsWith("listbox")) && (shown ??= shownBy(style))) popover = true;
      }
      let widget = false, weak = false;
      // A bar whose pointer cursor is set on the bar, not on each of the
      // labelled items in it ("Reply  Forward"), is no control itself:
      // its items are.
      const split = !inWidget && !role && ((cursor = style.cursor) === "pointer" || pointerOnHover(el)) && (parentStyle ? parentStyle.cursor : "") !== "pointer" &&
        !["A", "BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "LABEL"].includes(tag) &&
        !el.hasAttribute("onclick") && !el.hasAttribute("tabindex") && labelledItems(el) >= 2;
      let interactive = false, wraps = false;
      if (!inWidget && !split) {
        interactive = markupInteractive(el, tag, role);
        if (interactive === null) {
          interactive = pointerStarts(el, tag, cursor ??= style.cursor, parentStyle) || stepperGlyph(el);
          // The wrapper of controls is none itself; its cursor, a pointer
          // while the mouse rests on it, is not theirs to inherit.
          if (interactive && wrapsControls(el)) interactive = false, wraps = true;
        }
      }
      if (interactive) {
        widget = true;
        // A control found only by a script trace (cursor, onclick,
        // tabindex) may wrap real controls, which stay visible.
        weak = !WIDGET_ROLES.has(role) && !["A", "BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY"].includes(tag) && !editableRoot(el);
        let box = (shown ??= shownBy(style)) || tag === "INPUT" ? targetBox(el, style) : null;
        // Hidden by geometry: a 1px "visually hidden" control, or one placed
        // where no scrolling can reach (left:-9999px); but a control drawn
        // when it takes the focus (a skip link) is listed, state onfocus.
        let onFocus = false;
        if (box && (box.width <= 1 && box.height <= 1 ||
            (box.right + ox + sx <= 0 || box.bottom + oy + sy <= 0) && !scrolledAway(el, box.right + ox + sx, box.bottom + oy + sy))) {
          onFocus = el !== active && box.width <= 1 && box.height <= 1 && focusShown(el);
          if (!onFocus) box = null;
        }
        // Drawn but invisible until the pointer is over its row
        // (visibility: hidden, then visible on hover): listed, state hover.
        const hover = !!box && !shown && !(tag === "INPUT" && (el.type === "checkbox" || el.type === "radio")) && !!revealedBy(el);
        if (box && (shown || hover || (tag === "INPUT" && (el.type === "checkbox" || el.type === "radio"))) && items.length < maxItems) {
          let [name, label, placeholder] = nameOf(el, tag, role);
          // An unnamed box in a group (an item's checkbox) is named by
          // the group: "Buy milk", the item it ticks.
          if (!name && (role === "checkbox" || role === "radio" || role === "switch")) name = pathName(p);
          const x = box.left + ox, y = box.top + oy;
          const st = [];
          if (hover) st.push("hover");
          if (onFocus) st.push("onfocus");
          if (el === active) st.push("focused");
          if (el.checked === true || el.getAttribute("aria-checked") === "true" || el.getAttribute("aria-pressed") === "true") st.push("checked");
          if (el.getAttribute("aria-selected") === "true" || el.getAttribute("aria-current") && el.getAttribute("aria-current") !== "false") st.push("selected");
          if (el.getAttribute("aria-expanded") === "true" || tag === "SUMMARY" && el.parentElement && el.parentElement.open) st.push("expanded");
          else if (el.getAttribute("aria-expanded") === "false" || tag === "SUMMARY" && el.parentElement && el.parentElement.tagName === "DETAILS" ||
            !el.hasAttribute("aria-expanded") && collapsedMark(el)) st.push("collapsed");
          if (el.disabled === true || el.getAttribute("aria-disabled") === "true" || (el.matches && el.matches(":disabled"))) st.push("disabled");
          if (el.readOnly === true || el.getAttribute("aria-readonly") === "true") st.push("readonly");
          if (scrollsOwn(el, style)) st.push("scrollable");
          if (el.required === true || el.getAttribute("aria-required") === "true") st.push("required");
          if (el.getAttribute("aria-invalid") === "true" || el.getAttribute("aria-invalid") === "grammar" || el.getAttribute("aria-invalid") === "spelling") st.push("invalid");
          const off = box.bottom + oy <= 0 || box.top + oy >= vh || box.right + ox <= 0 || box.left + ox >= vw;
          let hitLater = null;
          if (off) st.push("offscreen");
          else {
            const cx = Math.min(Math.max(box.left + box.width / 2, 0), vw - 1 - ox);
            const cy = Math.min(Math.max(box.top + box.height / 2, 0), vh - 1 - oy);
            // Out of the view of a box around it that scrolls or clips
            // (an inbox of fixed height: scrolling brings it into view,
            // nothing is on top of it; but a menu positioned out of the
            // box is drawn all the same), the pointer passes through it,
            // or its centre falls between the lines of a link that
            // wraps: only the engine can say what is there. Elsewhere
            // the question waits for the walk's end.
            const clipped = clippedBy(el, box, clips);
            if (clipped || style.pointerEvents === "none" || display === "inline" && !onAFragment(el, cx, cy)) {
              if (hitTest(el, cx, cy)) st.push(clipped ? "offscreen" : "covered");
            } else hitLater = [cx, cy];
          }
          const it = {
            ref: refFor(el), role: role || (el.isContentEditable ? "textbox" : "generic"), name,
            value: tag === "SELECT" ? "" : valueOf(el, tag, role), states: st, pi: pathIndex(p),
            bounds: { x: Math.round(x), y: Math.round(y), w: Math.round(box.width), h: Math.round(box.height) },
          };
          if (label) it.label = label;
          if (placeholder) it.placeholder = placeholder;
          if (frame) it.frame = frame;
          if (!it.role || it.role === "generic") it.role = tag === "A" ? "link" : "button";
          if (tag === "INPUT") it.inputType = (el.type || "text").toLowerCase();
          const ac = el.getAttribute("autocomplete");
          if (ac) it.autocomplete = ac;
          // isContentEditable asks the engine for editing state: last.
          if ((tag === "INPUT" && !["checkbox", "radio", "button", "submit", "reset", "image", "file", "range", "color"].includes(it.inputType)) || tag === "TEXTAREA" || role === "textbox" || role === "searchbox" || el.isContentEditable) it.editable = !el.disabled && !el.readOnly;
          if (tag === "SELECT") selectInto(it, el);
          // What the field's error message says, when the page marks it
          // invalid, leads its description.
          const err = st.includes("invalid") ? byIds(el, "aria-errormessage") : "";
          const desc = collapse((err ? err + " " : "") + byIds(el, "aria-describedby"));
          if (desc) it.description = cap(desc, 200);
          const key = it.role + "\u0000" + name;
          it.nth = counts.get(key) || 0;
          counts.set(key, it.nth + 1);
          sigOf.set(it.ref, key);
          items.push(it);
          if (hitLater) deferred.push([items.length - 1, el, hitLater[0], hitLater[1]]);
          part();
        }
      }
      // Text: a block with its own text emits a line.
      let done = textDone || (tag === "LABEL" && !!el.control);
      let kids = null; // the element children, when the text pass met them
      const said = !inWidget && !widget && !done && !skips ? imageWords(el, tag, role) : null;
      if (said !== null) {
        // An image that says something is read as its words, as the
        // accessibility tree names it: an icon's alt ("vegan" beside a
        // dish), the label of a role=img whose glyphs are presentational
        // ("Rated 4 out of 5" over "★★★★☆").
        if ((shown ??= shownBy(style))) emitLine(el, said, p, markHere === "alert" || markHere === "error" ? markHere : "", frame);
        done = true;
      } else if (!inWidget && !widget && !done && !skips) {
        // The element's own text: its text children (of a leaf, all its
        // text, read in one call). The pass keeps the element children
        // it meets for the walk below, which need not find them again.
        let own = "";
        const first = el.firstElementChild;
        if (!first) own = el.textContent;
        else {
          kids = [];
          for (let c = el.firstChild; c; c = c.nextSibling) {
            const type = c.nodeType;
            if (type === 3) own += c.data;
            else if (type === 1) kids.push(c);
          }
        }
        // A block of phrasing elements only ("<div><span>December</span>
        // <span>2016</span></div>") reads as one line, as a person reads it.
        if (!own.trim() && first && !INLINE.has(tag) && phrasingOnly(el)) own = " ";
        if ((own.trim() || own === " ") && (shown ??= shownBy(style))) {
          // An alert or an error message reads as one, whatever it is
          // made of (a heading in an error summary); red text beside a
          // field or in a form is an error too.
          let lineRole = markHere === "alert" || markHere === "error" ? markHere : role === "heading" ? "heading" : markHere;
          if (!lineRole && redText(style) && nearField(el)) lineRole = "error";
          const inline = display === "inline" || display === "inline-block" && tag !== "DIV";
          if (!inline && !el.querySelector("a[href],button,input,select,textarea,[role],[onclick],[tabindex],[contenteditable]")) {
            emitLine(el, textOf(el), p, lineRole, frame);
            done = true;
          } else {
            emitLine(el, own, p, lineRole, frame);
          }
        }
      }
      // A listbox holds its options: they, not it, are what is pressed.
      // A tree's item holds its child items in a group: those are
      // controls of their own (see treeGroup), as a listbox's options are.
      const childInWidget = inWidget || (widget && !weak && role !== "listbox") && (role === "treeitem" ? "treeitem" : true);
      if (tag === "SELECT") return;
      const cur = split || wraps ? null : style;
      const outerMark = mark;
      mark = markHere;
      if (skips) {
        const sum = shut ? summaryOf(el) : null;
        if (sum) visit(sum, p, ox, oy, frame, childInWidget, done, dlg, cur);
        mark = outerMark;
        return;
      }
      if (el.shadowRoot) walk(el.shadowRoot, p, ox, oy, frame, childInWidget, done, dlg, cur);
      if (tag === "IFRAME" || tag === "FRAME") {
        let doc = null;
        try { doc = el.contentDocument; } catch (e) { doc = null; }
        if (doc && doc.documentElement) {
          const r = el.getBoundingClientRect();
          const fx = ox + r.left + el.clientLeft, fy = oy + r.top + el.clientTop;
          const fname = collapse(el.getAttribute("title") || el.getAttribute("name") || el.id || "iframe");
          walk(doc.documentElement, p, fx, fy, frame ? frame + " > " + fname : fname, false, false, dlg, null);
        }
        mark = outerMark;
        return;
      }
      if (kids) for (const k of kids) visit(k, p, ox, oy, frame, childInWidget, done, dlg, cur);
      else walk(el, p, ox, oy, frame, childInWidget, done, dlg, cur);
      mark = outerMark;
    }

    if (document.documentElement) visit(document.documentElement, [], 0, 0, "", false, false, null, null);
    // behind lists the items marked covered after they were flushed.
    const behind = [];
    const extents = new Map();
    for (const [i, el, cx, cy] of deferred) {
      const ask = anyLayer || mayCover(el, cx, cy, layered, extents);
      if (!ask || !hitTest(el, cx, cy)) continue;
      items[i].states.push("covered");
      if (i < sent) behind.push(i);
    }
    // With a modal in front, everything outside it is covered.
    if (modal) {
      for (let i = 0; i < items.length; i++) {
        const it = items[i], el = byRef.get(it.ref).deref();
        if (el && !composedContains(modal, el) && !it.states.includes("covered")) { it.states.push("covered"); behind.push(i); }
      }
    }
    // Keep the order of the State constants on the Go side.
    for (const it of items) if (it.states.length > 1) it.states.sort((a, b) => STATE_BITS[a] - STATE_BITS[b]);
    return {
      url: location.href, title: document.title, token,
      layer: modal ? "dialog" : (popover ? "popover" : "page"),
      items, lines, paths, behind,
    };
  }

  function target(ref, check) {
    const w = byRef.get(ref);
    if (!w) throw new Error("stale:unknown ref");
    const el = w.deref();
    if (!el || !el.isConnected) throw new Error("stale:element removed");
    if (check && sigOf.has(ref)) {
      const tag = el.tagName;
      const role = roleOf(el, tag) || (tag === "A" ? "link" : "button");
      const [name] = nameOf(el, tag, role);
      const want = sigOf.get(ref);
      const got = role + "\u0000" + name;
      // A field's name can follow its own value (a label-less input named
      // by placeholder keeps it); compare role strictly, name loosely.
      if (want.split("\u0000")[0] !== got.split("\u0000")[0] && !(want.startsWith("generic") || want.startsWith("button") || want.startsWith("link"))) throw new Error("stale:element changed");
      if (want !== got && want.split("\u0000")[1] !== "" && got.split("\u0000")[1] !== "" && !isField(el)) throw new Error("stale:element changed");
    }
    return el;
  }
  const isField = (el) => el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable;

  // frameOffset returns the offset of el's document in the top viewport.
  function frameOffset(el) {
    let ox = 0, oy = 0;
    let win = el.ownerDocument.defaultView;
    while (win && win !== window && win.frameElement) {
      const fe = win.frameElement;
      const r = fe.getBoundingClientRect();
      ox += r.left + fe.clientLeft; oy += r.top + fe.clientTop;
      win = fe.ownerDocument.defaultView;
    }
    return [ox, oy];
  }

  function disabled(el) {
    return el.disabled === true || el.getAttribute("aria-disabled") === "true" || (el.matches && el.matches(":disabled"));
  }

  // point scrolls el into view and returns its centre in top-level pixels,
  // or what covers it.
  function point(ref, opts) {
    opts = opts || {};
    const el = target(ref, true);
    if (opts.enabled && disabled(el)) return { error: "disabled" };
    let box = targetBox(el);
    if (box && box.width <= 1 && box.height <= 1 && focusShown(el)) {
      // Drawn only while it has the focus (a skip link): focus it, as
      // the Tab key a person presses first would, then point at it.
      el.focus();
      box = targetBox(el);
    }
    const st = box ? getComputedStyle(el) : null;
    if (!box || !shownBy(st)) {
      // Shown only while the pointer is over its row: the caller moves
      // the pointer there first (hover), then asks again.
      const host = opts.hovered ? null : revealedBy(el);
      if (host) {
        host.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
        const hb = host.getBoundingClientRect();
        const [hx, hy] = frameOffset(host);
        return { hover: true, x: hb.left + hb.width / 2 + hx, y: hb.top + hb.height / 2 + hy };
      }
      if (!box) return { error: opts.hovered ? "not shown when the pointer is over its row" : "not rendered" };
    }
    const vw = el.ownerDocument.defaultView.innerWidth, vh = el.ownerDocument.defaultView.innerHeight;
    if (box.top < 0 || box.bottom > vh || box.left < 0 || box.right > vw || clippedBy(el, box)) {
      clickHost(el).scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      box = targetBox(el);
    }
    // Also scroll the iframe itself into the top viewport.
    const fe = el.ownerDocument.defaultView.frameElement;
    if (fe) fe.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
    const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
    const hit = hitTest(el, cx, cy);
    const [ox, oy] = frameOffset(el);
    if (hit) return { covered: describe(hit), x: cx + ox, y: cy + oy };
    if (fe) {
      // The iframe itself may be covered in the top document.
      const top = document.elementFromPoint(cx + ox, cy + oy);
      if (top && top !== fe && !composedContains(fe, top)) {
        let outer = fe;
        while (outer.ownerDocument !== document && outer.ownerDocument.defaultView.frameElement) outer = outer.ownerDocument.defaultView.frameElement;
        if (top !== outer) return { covered: describe(top), x: cx + ox, y: cy + oy };
      }
    }
    return { x: cx + ox, y: cy + oy, moves: hoverMoves(el) };
  }

  // hoverMoves reports whether one of the page's :hover rules that set
  // geometry or content may apply to el or an ancestor (see
  // HOVER_GEOMETRY): point says so, and only then is pointAfterHover
  // asked after the pointer moves.
  function hoverMoves(el) {
    const moves = hoverOfRoot(el.getRootNode()).moves;
    if (moves === "") return false;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) if (n.matches(moves)) return true;
    return false;
  }
  // pointAfterHover is point for a pointer now resting at (x, y) over
  // ref's element, where a :hover rule may move, resize or swap it (an
  // icon swapped for an image still loading has no size, so the pointer
  // falls off it, the old icon comes back, and so on until the image
  // comes): a press then would land beside it. Where such a rule may
  // apply, it waits a frame at a time (at most 30) until the element is
  // hovered and under the pointer two frames running, and points at it
  // again; elsewhere the pointer's place stands.
  function pointAfterHover(ref, x, y) {
    const el = target(ref, true);
    if (!hoverMoves(el)) return { x, y };
    const [ox, oy] = frameOffset(el);
    const root = el.getRootNode();
    return new Promise((resolve) => {
      let frames = 0, steady = 0;
      const look = () => {
        const hit = root.elementFromPoint ? root.elementFromPoint(x - ox, y - oy) : null;
        steady = el.matches(":hover") && hit && composedContains(el, hit) ? steady + 1 : 0;
        if (steady >= 2) resolve({ x, y });
        else if (++frames >= 30) resolve(point(ref, { enabled: true, hovered: true }));
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
  }

  function fire(el, type) { el.dispatchEvent(new Event(type, { bubbles: true })); }

  // prepareFill focuses the field and selects its content so that an
  // inserted text replaces it. Kinds that take no typed text (date, time,
  // range, color, number with odd formats) are set directly.
  function prepareFill(ref, value) {
    const el = target(ref, true);
    if (disabled(el)) return { error: "disabled" };
    if (el.readOnly) return { error: "read-only" };
    const tag = el.tagName;
    if (tag === "SELECT") return { error: "a select: use select" };
    if (!isField(el)) return { error: "not a text field" };
    el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    el.focus();
    if (tag === "INPUT") {
      const t = (el.type || "text").toLowerCase();
      if (["checkbox", "radio", "button", "submit", "reset", "image", "file"].includes(t)) return { error: "a " + t + " takes no text" };
      if (["date", "time", "datetime-local", "month", "week", "range", "color"].includes(t)) {
        const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
        proto.set.call(el, value);
        fire(el, "input"); fire(el, "change");
        return { direct: true };
      }
      try { el.select(); } catch (e) { /* number inputs cannot select */ }
      if (t === "number" || t === "email") {
        // select() is not supported on these types in every engine; clear.
        const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
        proto.set.call(el, "");
        fire(el, "input");
      }
      return {};
    }
    if (tag === "TEXTAREA") { el.select(); return {}; }
    // contenteditable
    const sel = el.ownerDocument.getSelection();
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    sel.removeAllRanges();
    sel.addRange(range);
    return {};
  }

  function currentValue(el) {
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") return el.value;
    if (el.tagName === "SELECT") return collapse(Array.from(el.selectedOptions).map((o) => o.label || o.text).join(", "));
    return collapse(el.innerText || el.textContent);
  }

  function finishFill(ref, value, secret) {
    const el = target(ref, false);
    if (el.isContentEditable && value === "") { el.textContent = ""; fire(el, "input"); }
    if ((el.tagName === "INPUT" || el.tagName === "TEXTAREA") && value === "" && el.value !== "") {
      const proto = Object.getOwnPropertyDescriptor(el.tagName === "INPUT" ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype, "value");
      proto.set.call(el, ""); fire(el, "input");
    }
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") fire(el, "change");
    const got = currentValue(el);
    const norm = (s) => collapse(String(s));
    // A page may format what was typed (a card number in groups of four, a
    // phone number with dashes): equal letters and digits read back too,
    // compared here so a secret's value never has to leave the page.
    const squash = (s) => String(s).toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
    const ok = norm(got) === norm(value);
    // A sign is no formatting: "-5" that reads back "5" is another number.
    const negative = (s) => /^\s*[-−–]/.test(String(s));
    const formatted = !ok && squash(value) !== "" && squash(got) === squash(value) && negative(got) === negative(value);
    const pw = el.tagName === "INPUT" && el.type === "password";
    return { ok: ok || formatted, formatted, value: secret || pw ? "" : got };
  }

  function selectOption(ref, label) {
    const el = target(ref, true);
    if (el.tagName !== "SELECT") return { error: "not a native select" };
    if (disabled(el)) return { error: "disabled" };
    const want = collapse(label).toLowerCase();
    const opts = Array.from(el.options);
    let o = opts.find((o) => collapse(o.label || o.text).toLowerCase() === want) ||
      opts.find((o) => o.value.toLowerCase() === want) ||
      opts.find((o) => collapse(o.label || o.text).toLowerCase().startsWith(want));
    if (!o) return { error: "no option " + JSON.stringify(label) + " (have " + opts.slice(0, 12).map((o) => JSON.stringify(collapse(o.label || o.text))).join(", ") + ")" };
    if (o.disabled) return { error: "option " + JSON.stringify(label) + " is disabled" };
    el.focus();
    o.selected = true;
    fire(el, "input"); fire(el, "change");
    const got = currentValue(el);
    return { ok: collapse(o.label || o.text) === got || got.includes(collapse(o.label || o.text)), value: got };
  }

  function checked(ref) {
    const el = target(ref, false);
    return el.checked === true || el.getAttribute("aria-checked") === "true" || el.getAttribute("aria-pressed") === "true";
  }

  // pressChain is the element of ref and its ancestors below the body
  // (at most six): where a handler of the page's own would take a press
  // of it (the Go side asks DevTools for their listeners).
  function pressChain(ref) {
    const out = [];
    for (let el = target(ref, false); el && out.length < 7; el = el.parentElement || (el.getRootNode() && el.getRootNode().host)) {
      if (el === document.body || el === document.documentElement) break;
      out.push(el);
    }
    return out;
  }

  function focusRef(ref) { const el = target(ref, true); el.focus(); return true; }

  // busy reports a visible loading indicator: a page that shows one is not
  // settled even when its network and DOM are idle (a result list behind a
  // timer).
  const BUSY = '[aria-busy="true"],[role="progressbar"],.loading,.spinner,.loader,.skeleton,#loading,#spinner';
  function busy() {
    for (const el of document.querySelectorAll(BUSY)) {
      // A control named "spinner" (a number spinner) is no loading sign.
      if (el.matches("input,select,textarea,button,[role=spinbutton],[role=slider]")) continue;
      if (el.getClientRects().length && getComputedStyle(el).visibility !== "hidden") return true;
    }
    return false;
  }

  // quiet reports how long the DOM has gone unchanged (ms; the end of a
  // resource's body counts as a change), the document's readyState and
  // whether a loading indicator shows. With wait > 0 it
  // first waits, at most cap ms, until the DOM has gone unchanged for wait
  // ms with the document complete and no indicator showing. The wait is
  // timed by the mutation observer's last change (a timer set for when the
  // quiet window would close, set again if a change came meanwhile), not
  // by polling from outside; a loading document or a showing indicator is
  // looked at again every 40 ms (neither always changes the DOM). It
  // answers no sooner than hold ms after the call: the rest of the
  // settle's network window, waited out here beside the DOM's.
  function quiet(wait, cap, hold) {
    const state = () => ({ since: performance.now() - Math.max(lastMutation, lastResource), ready: document.readyState, busy: busy() });
    if (!(wait > 0)) return state();
    const start = performance.now();
    const end = start + (cap || 0), from = start + (hold || 0);
    return new Promise((resolve) => {
      const check = () => {
        const s = state();
        const t = performance.now();
        const left = end - t;
        const calm = s.ready === "complete" && !s.busy;
        if (left <= 0 || calm && s.since >= wait && t >= from) { resolve(s); return; }
        setTimeout(check, Math.max(1, Math.min(left, calm ? Math.max(wait - s.since, from - t) : 40)));
      };
      check();
    });
  }

  // A wheel or a key the surface sends scrolls a frame or more after the
  // input call returned (and smoothly, over several frames, for keys; the
  // first move can come several frames late on a busy machine).
  // expectScroll, called before the input is sent, notes what it can
  // scroll: the boxes under the point (a wheel) or around the focus (a
  // key), and the page, that can still move that way. A key goes to the
  // focused control first, and one that takes it (a field, a list, a
  // button's Space) scrolls nothing. scrolled, called after, waits while
  // the input may still scroll: until one of those boxes moved and then
  // stood still for scrollStill ms, at most cap ms in all; at once when
  // the page cancelled the input, or a key went elsewhere.
  const scrollStill = 50;
  let scrollWatch = null;
  function scrollBoxes(el) {
    const out = [];
    for (let n = el; n && n !== document.body && n !== document.documentElement; n = n.parentElement) {
      const st = getComputedStyle(n);
      if (/(auto|scroll)/.test(st.overflowY + " " + st.overflowX)) out.push(n);
    }
    out.push(document.scrollingElement || document.documentElement);
    return out;
  }
  function canMove(box, dir) {
    switch (dir) {
      case "down": return box.scrollTop + box.clientHeight < box.scrollHeight - 1;
      case "up": return box.scrollTop > 0;
      case "right": return box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      case "left": return box.scrollLeft > 0;
    }
    return false;
  }
  function expectScroll(dir, x, y, key) {
    const from = key ? (document.activeElement || document.body) : document.elementFromPoint(x, y);
    if (!from) return false;
    const takes = "input, textarea, select, [contenteditable]:not([contenteditable=false])" + (key === " " ? ", button, a[href], summary" : "");
    if (key && from.matches(takes)) return false;
    const boxes = scrollBoxes(from).filter((b) => canMove(b, dir));
    if (!boxes.length) return false;
    const at = () => boxes.map((b) => b.scrollTop + "," + b.scrollLeft).join(" ");
    const w = { at, from: at(), input: null, type: key ? "keydown" : "wheel" };
    w.onInput = (e) => { w.input = e; };
    addEventListener(w.type, w.onInput, { capture: true, passive: true });
    scrollWatch = w;
    return true;
  }
  function scrolled(cap) {
    const w = scrollWatch;
    scrollWatch = null;
    if (!w) return Promise.resolve(false);
    const end = performance.now() + cap;
    let last = w.from, movedAt = 0;
    return new Promise((resolve) => {
      const done = (moved) => { removeEventListener(w.type, w.onInput, { capture: true }); resolve(moved); };
      const check = () => {
        const t = performance.now(), now = w.at();
        if (now !== last) { last = now; movedAt = t; }
        // Read late, after every listener ran: cancelled, or a key that
        // never reached this document.
        if (!movedAt && (w.input?.defaultPrevented || w.type === "keydown" && !w.input)) return done(false);
        if (movedAt && t - movedAt >= scrollStill || t >= end) return done(movedAt > 0);
        setTimeout(check, 5);
      };
      check();
    });
  }

  // viewport returns the visible part of the page in CSS pixels and the
  // device pixels per CSS pixel, for a screenshot at one pixel per CSS
  // pixel (this world's devicePixelRatio is the browser's, whatever the
  // page redefines in its own).
  function viewport() {
    const v = window.visualViewport;
    return v ? { X: v.pageLeft, Y: v.pageTop, W: v.width, H: v.height, Ratio: devicePixelRatio }
      : { X: scrollX, Y: scrollY, W: innerWidth, H: innerHeight, Ratio: devicePixelRatio };
  }

  function scrollPage(dir) {
    const se = document.scrollingElement || document.documentElement;
    if (dir === "top") se.scrollTo({ top: 0, behavior: "instant" });
    else if (dir === "bottom") se.scrollTo({ top: se.scrollHeight, behavior: "instant" });
    return { y: se.scrollTop, max: se.scrollHeight - innerHeight };
  }

  function scrollRef(ref, dir) {
    const el = target(ref, true);
    if (!dir) {
      const b = el.getBoundingClientRect();
      if (b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth) return true;
      el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      // The page hears of the scroll at its next frame, before that frame's
      // animation callbacks: wait for them, so what a scroll listener
      // re-renders is done before the press that follows looks for its
      // element (capped, for a tab that draws no frames).
      return new Promise((resolve) => {
        const cap = setTimeout(() => resolve(true), 500);
        requestAnimationFrame(() => { clearTimeout(cap); resolve(true); });
      });
    }
    // The element's own content: a text area or a box that scrolls. The
    // page hears of this scroll at its next frame too (an agreement that
    // enables its Name field once read to the end): wait for it as above.
    const before = el.scrollTop;
    if (dir === "top") el.scrollTop = 0;
    else if (dir === "bottom") el.scrollTop = el.scrollHeight;
    else el.scrollTop += (dir === "up" ? -0.8 : 0.8) * el.clientHeight;
    const moved = el.scrollTop !== before;
    if (!moved) return false;
    return new Promise((resolve) => {
      const cap = setTimeout(() => resolve(true), 500);
      requestAnimationFrame(() => { clearTimeout(cap); resolve(true); });
    });
  }
  // scrollsOwn reports whether el scrolls its own content vertically.
  // An input or a button never does; elsewhere the style first:
  // scrollHeight costs a layout query per control.
  function scrollsOwn(el, style) {
    const tag = el.tagName;
    if (tag === "INPUT" || tag === "BUTTON") return false;
    if (tag !== "TEXTAREA" && style.overflowY !== "auto" && style.overflowY !== "scroll") return false;
    return el.scrollHeight > el.clientHeight + 2;
  }

  // mask paints black boxes over the given refs, over fields whose value
  // contains a secret, and over text nodes showing one. unmask removes them.
  let maskHost = null;
  function mask(refs, values) {
    unmask();
    const rects = [];
    for (const r of refs || []) {
      const w = byRef.get(r); const el = w && w.deref();
      if (el && el.isConnected) { const b = el.getBoundingClientRect(); const [ox, oy] = frameOffset(el); rects.push([b.left + ox, b.top + oy, b.width, b.height]); }
    }
    const vals = (values || []).filter((v) => v && v.length >= 2);
    if (vals.length) {
      const scan = (root, ox, oy) => {
        for (const el of root.querySelectorAll("input,textarea,[contenteditable]")) {
          const v = el.value !== undefined ? el.value : el.textContent;
          if (v && vals.some((s) => v.includes(s))) { const b = el.getBoundingClientRect(); rects.push([b.left + ox, b.top + oy, b.width, b.height]); }
        }
        const tw = root.ownerDocument ? root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT) : document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = tw.nextNode(); n; n = tw.nextNode()) {
          if (vals.some((s) => n.textContent.includes(s))) {
            const range = (n.ownerDocument || document).createRange(); range.selectNodeContents(n);
            for (const b of range.getClientRects()) rects.push([b.left + ox, b.top + oy, b.width, b.height]);
          }
        }
        for (const f of root.querySelectorAll("iframe")) {
          try { const d = f.contentDocument; if (d && d.body) { const b = f.getBoundingClientRect(); scan(d.body, ox + b.left, oy + b.top); } } catch (e) { /* cross-origin */ }
        }
      };
      if (document.body) scan(document.body, 0, 0);
    }
    maskHost = document.createElement("div");
    const sr = maskHost.attachShadow({ mode: "closed" });
    for (const [x, y, w, h] of rects) {
      const d = document.createElement("div");
      d.style.cssText = `position:fixed;left:${x - 2}px;top:${y - 2}px;width:${w + 4}px;height:${h + 4}px;background:#000;z-index:2147483647;pointer-events:none`;
      sr.appendChild(d);
    }
    document.documentElement.appendChild(maskHost);
    return rects.length;
  }
  function unmask() { if (maskHost) { maskHost.remove(); maskHost = null; } return true; }

  // observeJSON returns the observation as one JSON string, which crosses
  // the protocol several times faster than the same object by value, made
  // of arrays instead of objects: a third shorter, and read in Go by a
  // small positional decoder (compact.go) instead of reflection. The
  // shape, which compact.go must match:
  //   [url, title, layer, token, item count, line count, paths, items, lines,
  //    parts, behind]
  //   item: [n, role, name, value, states, pi, x, y, w, h, nth,
  //          label, placeholder, frame, inputType, autocomplete, editable,
  //          description, options]
  //   line: [n, text, pi, next, role, frame]
  // n is the ref's number (the ref is token + "." + n, and every ref of
  // one walk has this document's token), states a bit set in the order of
  // STATE_BITS, editable 0 or 1, options a flat [label, value, flags, …]
  // with flags 1 selected and 2 disabled. Trailing empty fields are left
  // out. parts and behind are observeWire's (see there); the counts are
  // of the whole walk.
  function trimmed(a) {
    let n = a.length;
    while (n > 0 && (a[n - 1] === "" || a[n - 1] === 0)) n--;
    a.length = n;
    return a;
  }
  function compactItems(items, from, skip) {
    const out = new Array(items.length - from);
    for (let i = from; i < items.length; i++) {
      const it = items[i];
      let st = 0;
      for (const x of it.states) st |= STATE_BITS[x];
      let options = 0;
      if (it.options) {
        options = [];
        for (const o of it.options) options.push(o.label, o.value, (o.selected ? 1 : 0) | (o.disabled ? 2 : 0));
      }
      const b = it.bounds;
      out[i - from] = trimmed([+it.ref.slice(skip), it.role, it.name, it.value, st, it.pi, b.x, b.y, b.w, b.h, it.nth,
        it.label || "", it.placeholder || "", it.frame || "", it.inputType || "", it.autocomplete || "",
        it.editable ? 1 : 0, it.description || "", options]);
    }
    return out;
  }
  function compactLines(lines, from, skip) {
    const out = new Array(lines.length - from);
    for (let i = from; i < lines.length; i++) {
      const l = lines[i];
      out[i - from] = trimmed([+l.ref.slice(skip), l.text, l.pi, l.next, l.role || "", l.frame || "", l.col || ""]);
    }
    return out;
  }
  function observeJSON(opts) {
    const sc = observe(opts), skip = token.length + 1;
    return JSON.stringify([sc.url, sc.title, sc.layer, token, sc.items.length, sc.lines.length, sc.paths,
      compactItems(sc.items, 0, skip), compactLines(sc.lines, 0, skip)]);
  }

  // observeWire returns the observation in the form that crosses the
  // protocol fastest: base64 of the JSON's UTF-8 bytes (compact.go tells
  // it from the JSON itself, the fallback, by the first character). A
  // page's text makes the JSON a two-byte string that the protocol
  // escapes and converts, which costs more than making and reading the
  // base64. How the bytes are made depends on the text (wire): ASCII but
  // for one character in twenty or fewer (English with a €, an accent, an
  // emoji), those few are written as JSON escapes and the whole goes
  // through btoa, ~1 ms on bench2000 against ~4 ms through TextEncoder;
  // a text mostly in other scripts goes through TextEncoder and
  // toBase64, as an escape costs six bytes and a call per character (a
  // Russian page's 120,000 characters: 9-14 ms escaped, 1-2 ms so).
  //
  // With opts.part naming a binding of this world (Runtime.addBinding),
  // the walk's items go out in parts while it goes on, each as
  // "seq k text" (opts.seq, the part's number from 0, the wire text of
  // [token, paths, items, lines] new since the last part), so the caller
  // reads them while the page still walks and hit-tests. The reply then
  // holds the rest, the number of parts sent and, in behind, the indices
  // of items sent before a modal was found that the modal covers.
  const utf8 = new TextEncoder();
  const NON_ASCII = /[^\x00-\x7f]/g;
  const escapeUnit = (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
  function wire(json) {
    const others = json.length - json.replace(NON_ASCII, "").length;
    if (others * 20 <= json.length) return btoa(others ? json.replace(NON_ASCII, escapeUnit) : json);
    return typeof Uint8Array.prototype.toBase64 === "function" ? utf8.encode(json).toBase64() : json;
  }
  function observeWire(opts) {
    opts = opts || {};
    const send = opts.part ? globalThis[opts.part] : undefined;
    const skip = token.length + 1;
    let parts = 0, items = 0, lines = 0, paths = 0;
    const o = typeof send !== "function" ? opts : Object.assign({}, opts, {
      flush(its, lns, pts) {
        const json = JSON.stringify([token, pts.slice(paths), compactItems(its, items, skip), compactLines(lns, lines, skip)]);
        send(opts.seq + " " + (parts++) + " " + wire(json));
        items = its.length; lines = lns.length; paths = pts.length;
      },
    });
    const sc = observe(o);
    return wire(JSON.stringify([sc.url, sc.title, sc.layer, token, sc.items.length, sc.lines.length, sc.paths.slice(paths),
      compactItems(sc.items, items, skip), compactLines(sc.lines, lines, skip), parts, sc.behind.filter((i) => i < items)]));
  }

  // candidateOf describes the control a person acted on as observe lists
  // it: the nearest element at or above node (across shadow roots) that
  // observe lists, with its path and nth counted over the whole document
  // (call it on the top document's __flow for an element of a same-origin
  // iframe). It returns null when no listed control holds node. The
  // result's el is the element itself, for the caller only.
  function candidateOf(node) {
    const sc = observe({});
    const listed = new Map();
    for (const it of sc.items) listed.set(it.ref, it);
    for (let n = node; n; n = n.parentNode || n.host) {
      if (n.nodeType !== 1) continue;
      const it = listed.get(refOf.get(n));
      if (!it) continue;
      let twins = 0;
      for (const x of sc.items) if (x !== it && x.role === it.role && x.name === it.name) twins++;
      return Object.assign({}, it, { path: sc.paths[it.pi] || [], el: n, twins });
    }
    return null;
  }

  // lib lends the naming helpers to capture.js, which runs in this world
  // while a recording runs, so both name elements the same way.
  const lib = { collapse, cap, textOf, byIds, roleOf, nameOf, headingIn, composedContains, isField, CARD_CLASS };

  window.__flow = { observe, observeJSON, observeWire, point, pointAfterHover, pressChain, prepareFill, finishFill, selectOption, checked, focusRef, quiet, expectScroll, scrolled, viewport, scrollPage, scrollRef, mask, unmask, token, candidateOf, lib };
})();
