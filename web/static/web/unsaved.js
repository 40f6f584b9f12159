// The deck editor keeps unsaved changes as a server-side draft; leaving the page while it has
// some still asks, so nobody walks away believing a version was saved.
(function () {
  var submitting = false;
  document.addEventListener("submit", function (event) {
    // a plain form post (JavaScript's htmx posts do not navigate) saves or discards them
    submitting = event.target.id === "editor-form" && !event.defaultPrevented;
  });
  window.addEventListener("beforeunload", function (event) {
    var editor = document.getElementById("editor");
    if (submitting || !editor || editor.dataset.unsaved !== "true") {
      return;
    }
    event.preventDefault();
    event.returnValue = "";
  });
})();
