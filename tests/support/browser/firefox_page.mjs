// Drives Firefox for tests/cli/test_page.py: one JSON request a line on stdin, one JSON answer a line
// on stdout. Requests: {"op": "open", "url", "width", "height"}, {"op": "press", "key"},
// {"op": "click", "selector"}, {"op": "evaluate", "script"}, {"op": "errors"} (uncaught page errors).
// Usage: node firefox_page.mjs /usr/bin/firefox-esr
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({ browser: "firefox", executablePath: process.argv[2], headless: true });
let page = null;
let errors = [];

// Puppeteer sets the viewport together with the screen's orientation, a command that some
// releases of Firefox ESR do not know: then the viewport alone is set over WebDriver BiDi.
async function setViewport(width, height) {
  try {
    await page.setViewport({ width, height });
  } catch (error) {
    if (!String(error).includes("setScreenOrientationOverride")) throw error;
    await page.mainFrame().browsingContext.setViewport({ viewport: { width, height } });
  }
}

async function answer(request) {
  switch (request.op) {
    case "open":
      if (page) await page.close();
      page = await browser.newPage();
      errors = [];
      page.on("pageerror", error => errors.push(String(error)));
      await setViewport(request.width, request.height);
      await page.goto(request.url);
      return null;
    case "press": return await page.keyboard.press(request.key) ?? null;
    case "click": return await page.click(request.selector) ?? null;
    case "evaluate": return await page.evaluate(request.script) ?? null;
    case "errors": return errors;
    default: throw new Error(`unknown request ${request.op}`);
  }
}

process.stdout.write(JSON.stringify({ ready: true }) + "\n");
for await (const line of createInterface({ input: process.stdin })) {
  try {
    process.stdout.write(JSON.stringify({ value: await answer(JSON.parse(line)) }) + "\n");
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: String(error) }) + "\n");
  }
}
await browser.close();
