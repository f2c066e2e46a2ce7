// Filters and the transcript dialog of matrix.html; plain script, no framework, no network.
(function () {
  "use strict";
  var transcripts = JSON.parse(document.getElementById("transcripts").textContent);
  var rows = Array.prototype.slice.call(document.querySelectorAll("tr.case"));
  var sections = Array.prototype.slice.call(document.querySelectorAll("tr.section"));
  var show = document.getElementById("show");
  var levels = Array.prototype.slice.call(document.querySelectorAll("input[name=level]"));

  function wanted(row) {
    var level = row.getAttribute("data-level");
    var levelOn = levels.some(function (box) { return box.checked && box.value === level; });
    if (!levelOn && level !== "") { return false; }
    if (show.value === "fails") { return row.getAttribute("data-fails") === "1"; }
    if (show.value === "disagree") { return row.getAttribute("data-disagree") === "1"; }
    return true;
  }

  function apply() {
    var visible = {};
    var shown = 0;
    rows.forEach(function (row) {
      var on = wanted(row);
      row.hidden = !on;
      if (on) {
        shown++;
        visible[row.getAttribute("data-section")] = true;
      }
    });
    sections.forEach(function (section) {
      section.hidden = !visible[section.getAttribute("data-section")];
    });
    document.getElementById("shown").textContent = shown + " of " + rows.length + " cases shown";
    document.getElementById("nothing-shown").hidden = shown > 0;
  }

  function open(cell) {
    var entry = transcripts[cell.getAttribute("data-key")];
    if (!entry) { return; }
    document.getElementById("t-title").textContent = entry.title;
    document.getElementById("t-verdict").textContent = entry.verdict;
    document.getElementById("t-message").textContent = entry.message;
    document.getElementById("t-text").textContent = entry.text;
    document.getElementById("transcript").showModal();
  }

  document.getElementById("matrix").addEventListener("click", function (event) {
    var cell = event.target.closest("td.cell[data-key]");
    if (cell) { open(cell); }
  });
  document.getElementById("matrix").addEventListener("keydown", function (event) {
    var cell = event.target.closest("td.cell[data-key]");
    if (cell && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); open(cell); }
  });
  show.addEventListener("change", apply);
  levels.forEach(function (box) { box.addEventListener("change", apply); });
  apply();
})();
