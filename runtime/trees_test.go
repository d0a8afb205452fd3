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

// TestTreeOpensFoldersByTheirClass: a tree that says which folders are
// closed only by a class (no aria-expanded) is searched as an ARIA tree
// is: each closed folder's toggle is opened in reading order until the
// named file shows. Sources: MiniWoB++ navigate-tree (jQuery treeview's
// "expandable"), this tree in jsTree's markup ("jstree-closed").
func TestTreeOpensFoldersByTheirClass(t *testing.T) {
	res, page := runPage(t, classTreePage, `flow f "Open a file" {
  fact site: url "The page"
  browse "${site}"
  do "open the file april.txt in the file tree"
}
`)
	completedShowing(t, res, page, "opened april.txt")
}
