// The paper game's form: the phone's offset from UTC at the moment typed (summer time
// included), so the server reads the time as the phone's own. Without script: UTC.
const form = document.querySelector("form.paper-game");
const offset = form?.querySelector("input[data-offset]");
const moment = form?.querySelector("input[type=datetime-local]");

function keep() {
  const typed = moment?.value ? new Date(moment.value) : new Date();
  offset.value = String(Number.isNaN(typed.getTime()) ? new Date().getTimezoneOffset()
                                                       : typed.getTimezoneOffset());
}

if (form && offset) {
  keep();
  form.addEventListener("submit", keep);
}
