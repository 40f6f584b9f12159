// The draw odds' figures: a tap (or a click, or Enter on one) says its exact fraction in the
// line above the table, which a touch screen cannot show as a hover's tooltip.
document.addEventListener("click", (event) => {
  const figure = event.target.closest("button.figure");
  const said = document.getElementById("exact-figure");
  if (!figure || !said) return;
  said.textContent = `${figure.dataset.said}: ${figure.textContent.trim()}, exactly ${figure.dataset.exact}.`;
});
