// Registration deadlines are written in the event's time zone; each viewer also sees them in
// their own (the browser's), when it differs. Without JavaScript the event's zone is shown.
document.querySelectorAll("time.local-time").forEach((element) => {
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!viewerZone || viewerZone === element.dataset.zone) return;
  // Each field named: Chromium refuses dateStyle/timeStyle beside timeZoneName ("Invalid
  // option"), and the zone's name is what makes "your time" readable.
  const local = new Intl.DateTimeFormat(undefined, {
    year: "numeric", month: "short", day: "numeric",
    hour: "numeric", minute: "2-digit", timeZoneName: "short",
  }).format(new Date(element.dateTime));
  const note = document.createElement("span");
  note.className = "muted your-time";
  note.textContent = ` (your time: ${local})`;
  element.after(note);
});
