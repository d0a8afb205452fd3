package runtime_test

import "testing"

// classTreePage is a tree in jsTree's markup: no ARIA state, a closed
// folder known by its item's class (jstree-closed), its toggle an icon
// before the folder's name, its children rendered only once it opens.
// Pressing a folder's name selects it and opens nothing, as in jsTree.
const classTreePage = `<!doctype html><title>Files</title>
<style>
.jstree-ocl { display: inline-block; width: 12px; height: 12px; cursor: pointer; background: #ccc; }
.jstree-leaf > .jstree-ocl { visibility: hidden; }
ul { list-style: none; }
</style>
<h1>Project files</h1>
<ul id=tree></ul>
<p id=held>nothing opened</p>
<script>
const files = {"docs": {"guide.md": 0, "notes": {"march.txt": 0, "april.txt": 0}}, "src": {"main.go": 0}, "README.md": 0};
function render(parent, node) {
  for (const [name, kids] of Object.entries(node)) {
    const li = document.createElement("li");
    li.className = "jstree-node " + (kids ? "jstree-closed" : "jstree-leaf");
    const ocl = document.createElement("i");
    ocl.className = "jstree-icon jstree-ocl";
    const a = document.createElement("a");
    a.className = "jstree-anchor";
    a.href = "#";
    a.textContent = name;
    li.append(ocl, a);
    if (kids) {
      ocl.onclick = () => {
        const open = li.classList.contains("jstree-open");
        li.classList.toggle("jstree-open", !open);
        li.classList.toggle("jstree-closed", open);
        if (open) { li.querySelector("ul").remove(); return; }
        const ul = document.createElement("ul");
        render(ul, kids);
        li.appendChild(ul);
      };
      a.onclick = (e) => { e.preventDefault(); a.classList.add("jstree-clicked"); };
    } else {
      a.onclick = (e) => { e.preventDefault(); document.getElementById("held").textContent = "opened " + name; };
    }
    parent.appendChild(li);
  }
}
render(document.getElementById("tree"), files);
</script>`

// fileTreePage is an ARIA tree of folders, closed at first, whose
// children exist in the document only once their folder opens (as a
// lazy tree renders them); each item's row is a block that takes the
// click, as MUI's TreeItem has it. A press on a file says so in a line.
const fileTreePage = `<!doctype html><title>Files</title>
<style>[role=treeitem] > span { display: block; cursor: pointer; }</style>
<h1>Project files</h1>
<ul role=tree aria-label="Files" id=tree></ul>
<p id=held>nothing opened</p>
<script>
const files = {"docs": {"guide.md": 0, "notes": {"march.txt": 0, "april.txt": 0}}, "src": {"main.go": 0, "util.go": 0}, "README.md": 0};
function render(parent, node) {
  for (const [name, kids] of Object.entries(node)) {
    const li = document.createElement("li");
    li.setAttribute("role", "treeitem");
    const label = document.createElement("span");
    label.textContent = name;
    label.tabIndex = -1;
    li.appendChild(label);
    if (kids) {
      li.setAttribute("aria-expanded", "false");
      label.onclick = () => {
        const open = li.getAttribute("aria-expanded") === "true";
        li.setAttribute("aria-expanded", String(!open));
        if (open) { li.querySelector("ul").remove(); return; }
        const ul = document.createElement("ul");
        ul.setAttribute("role", "group");
        render(ul, kids);
        li.appendChild(ul);
      };
    } else {
      label.onclick = () => { document.getElementById("held").textContent = "opened " + name; };
    }
    parent.appendChild(li);
  }
}
render(document.getElementById("tree"), files);
</script>`

// TestTreeOpensFoldersToTheNamedFile opens the folders of a closed tree,
// in reading order, until the named file shows, and presses it; a folder
// is opened, never taken for the file. The trees say which folders are
// closed by ARIA (aria-expanded, lazy children) or only by a class
// (jsTree's "jstree-closed"). Sources: MiniWoB++ navigate-tree (jQuery
// treeview's "expandable"), these two trees of the project's own.
func TestTreeOpensFoldersToTheNamedFile(t *testing.T) {
	for _, tc := range []struct{ name, page string }{
		{"aria", fileTreePage},
		{"class", classTreePage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, page := runPage(t, tc.page, `flow f "Open a file" {
  fact site: url "The page"
  browse "${site}"
  do "open the file april.txt in the file tree"
}
`)
			completedShowing(t, res, page, "opened april.txt")
		})
	}
}
