// Every page: registers the service worker (/sw.js, web/shell.py: the page shell kept for when the connection is
// gone) once the page has loaded. The offline page, which stands in for a page that could not be fetched, asks
// the server every few seconds and loads that page again as soon as it answers.
if ("serviceWorker" in navigator) addEventListener("load", () => navigator.serviceWorker.register("/sw.js").catch(() => {}));
const again = () => fetch(location.href, { method: "HEAD", cache: "no-store" }).then(() => location.reload(), () => setTimeout(again, 3000));
if (document.getElementById("offline")) setTimeout(again, 3000);
