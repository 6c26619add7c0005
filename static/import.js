// The import page: the phone's time zone, in which a BG Stats log's times are local
// (a BoardGameGeek play's day begins at its midnight). Without script: UTC.
const zone = document.querySelector("input[data-zone]");
const named = Intl.DateTimeFormat().resolvedOptions().timeZone;

if (zone && named) {
  zone.value = named;
}
