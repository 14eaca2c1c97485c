// The sign-in link's page (/referee/link/CODE): its form is sent at once, so scanning the QR code is all a
// referee does; without script, the button sends it. Sent once per page shown.
document.addEventListener("DOMContentLoaded", function () {
  var form = document.querySelector("form[data-autosubmit]");
  if (form && !form.dataset.sent) { form.dataset.sent = "1"; form.submit(); }
});
