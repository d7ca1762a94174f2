// pbnscore's page: drop a night's file, check it, score it, download it.
// It talks to pbnscore only through `api` below (the JSON API of the docs'
// "The page's JSON API"): give it another `api` and the same page runs the
// engine elsewhere (in the browser itself, say). Every text from a file or
// from the server is put on the page as text, never as HTML.
"use strict";

async function post(url, request) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
}

async function fromJson(response) {
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

async function fromBlob(response) {
  if (!response.ok) {
    let line = `${response.status}`;
    try { line = (await response.json()).error || line; } catch (e) { /* not JSON */ }
    throw new Error(line);
  }
  const blob = await response.blob();
  // What a file was scored in spite of (a ruling applied, a board left out).
  const said = response.headers.get("X-Pbnscore-Warnings");
  blob.warnings = said ? JSON.parse(decodeURIComponent(said)) : [];
  return blob;
}

const api = {
  methods: async () => fromJson(await fetch("api/methods")),
  check: async (file) => fromJson(await fetch("api/check", {
    method: "POST",
    headers: {
      "Content-Type": "application/octet-stream",
      "X-Pbnscore-Name": encodeURIComponent(file.name),
    },
    body: file,
  })),
  options: async (request) => fromJson(await post("api/options", request)),
  score: async (request) => fromBlob(await post("api/score", request)),
  explain: async (request) => (await fromBlob(await post("api/explain", request))).text(),
  season: async (request) => fromBlob(await post("api/season", request)),
  zip: async (request) => fromBlob(await post("api/zip", request)),
};

const $ = (id) => document.getElementById(id);
const state = { files: [], current: null, methods: {}, formats: {}, chosen: false, maxBytes: Infinity,
  first: {} };

function element(tag, text, attributes = {}) {
  const made = document.createElement(tag);
  if (text !== undefined && text !== null) made.textContent = String(text);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

function say(line) { $("error").textContent = line || ""; }

async function guarded(work) {
  say("");
  try {
    return await work();
  } catch (error) {
    say(error instanceof TypeError ? "pbnscore is not running: start it again" : error.message);
    return undefined;
  }
}

// -- methods and their options ------------------------------------------------

async function loadMethods() {
  const found = await api.methods();
  state.formats = found.formats;
  state.maxBytes = found.max_file_bytes;
  const select = $("method");
  for (const method of found.methods) {
    state.methods[method.name] = method;
    const origin = method.origin === "built-in" ? "" : " (plug-in)";
    select.append(element("option", method.name + origin, { value: method.name }));
  }
  for (const reader of found.usebio_for) $("usebio-for").append(element("option", reader, { value: reader }));
  for (const to of ["usebio", "pbn", "html", "csv", "json", "text"]) {
    const label = element("label", ` ${to}`);
    const box = element("input", null, { type: "checkbox", value: to });
    box.checked = to === "usebio" || to === "html";
    label.prepend(box);
    $("zip-formats").append(label);
  }
  for (const line of found.broken) say(line);
  // The first choices, given to pbnscore serve on its command line.
  if (found.chosen.method && state.methods[found.chosen.method]) {
    select.value = found.chosen.method;
    state.chosen = true;
  }
  state.first = found.chosen.options;
  showOptions();
}

function showOptions() {
  const first = state.first;
  const method = state.methods[$("method").value];
  const box = $("options");
  box.replaceChildren();
  $("method-description").textContent = method ? method.description : "";
  if (!method) return;
  const presets = Object.fromEntries(method.presets.map((p) => [p.name, p]));
  // A preset first: it is the scorer's first choice, the rest fine-tune it.
  const options = [...method.options].sort((a, b) => (b.field === "preset") - (a.field === "preset"));
  for (const option of options) {
    const holder = element("label", null, { class: "option", "data-field": option.field });
    holder.append(element("span", option.flag));
    let control;
    if (option.kind === "switch") {
      control = element("input", null, { type: "checkbox" });
      control.checked = option.default === "on";
    } else if (option.kind === "choice") {
      control = element("select");
      control.append(element("option", `default (${option.default})`, { value: "" }));
      for (const choice of option.choices) {
        const shown = presets[choice] ? `${choice}: ${presets[choice].sets}` : choice;
        control.append(element("option", shown, { value: choice }));
      }
    } else {
      control = element("input", null, { type: "text", placeholder: `default: ${option.default}` });
    }
    if (option.field in first) {
      if (option.kind === "switch") control.checked = first[option.field];
      else control.value = first[option.field];
    }
    control.dataset.kind = option.kind;
    control.dataset.default = option.default;
    control.addEventListener("change", checkOptions);
    holder.append(control);
    if (option.help) holder.append(element("small", option.help));
    box.append(holder);
  }
  checkOptions();
}

function chosenOptions() {
  const given = {};
  for (const holder of $("options").querySelectorAll(".option")) {
    if (holder.hidden) continue;
    const control = holder.querySelector("input, select");
    const field = holder.dataset.field;
    if (control.dataset.kind === "switch") {
      if (control.checked !== (control.dataset.default === "on")) given[field] = control.checked;
    } else if (control.value.trim() !== "") {
      given[field] = control.value.trim();
    }
  }
  return given;
}

async function checkOptions() {
  const method = $("method").value;
  if (!method) return;
  try {
    const found = await api.options({ method, options: chosenOptions() });
    for (const holder of $("options").querySelectorAll(".option")) {
      holder.hidden = found.applies[holder.dataset.field] === false;
    }
    $("options-error").textContent = found.error || "";
  } catch (error) {
    $("options-error").textContent = error.message;
  }
}

function request(extra) {
  return { method: $("method").value, options: chosenOptions(), ...extra };
}

// -- files ------------------------------------------------------------------------

async function send(fileList) {
  for (const file of fileList) {
    if (file.size > state.maxBytes) {
      // Refused here, as the server would refuse it, before it is sent.
      addFile({ file: null, name: file.name, ok: false,
        lines: [`${file.name}: over ${state.maxBytes / 1048576} MiB: too large to be a results file`] });
      continue;
    }
    const found = await guarded(() => api.check(file));
    if (found) addFile(found);
  }
}

function addFile(found) {
  const item = element("li");
  if (found.file) {
    const radio = element("input", null, { type: "radio", name: "current", value: found.file });
    radio.addEventListener("change", () => choose(found));
    const label = element("label", ` ${found.name}`, { class: "name" });
    label.prepend(radio);
    item.append(label);
    state.files.push(found);
  } else {
    item.classList.add("failed");
    item.append(element("strong", found.name, { class: "name" }));
  }
  if (found.ok === false) item.classList.add("failed");
  const lines = element("ul", null, { class: "lines" });
  for (const line of found.lines) lines.append(element("li", line));
  item.append(lines);
  $("files").append(item);
  $("files-section").hidden = false;
  if (found.file && found.ok !== false) {
    item.querySelector("input").checked = true;
    choose(found);
  }
  $("many-section").hidden = state.files.filter((f) => f.ok !== false).length < 2;
}

function choose(found) {
  state.current = found;
  $("method-section").hidden = false;
  $("results-section").hidden = false;
  if (!state.chosen && found.method && state.methods[found.method]) {
    $("method").value = found.method;
    showOptions();
  }
}

function download(blob, name) {
  const link = element("a", null, { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

function stem(name) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

function showWarnings(blob) {
  const list = $("warnings");
  list.replaceChildren(...(blob.warnings || []).map((line) => element("li", line)));
  list.hidden = list.children.length === 0;
}

async function showReport(blob) {
  showWarnings(blob);
  const frame = $("report");
  frame.srcdoc = await blob.text();
  frame.hidden = false;
}

// -- wiring ------------------------------------------------------------------------

function wire() {
  const drop = $("drop");
  drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    send(event.dataTransfer.files);
  });
  $("pick").addEventListener("change", async (event) => {
    await send(event.target.files);
    event.target.value = "";
  });
  $("method").addEventListener("change", () => { state.chosen = true; showOptions(); });
  $("show").addEventListener("click", () => guarded(async () => {
    await showReport(await api.score(request({ file: state.current.file, to: "html" })));
  }));
  for (const button of document.querySelectorAll("button[data-to]")) {
    button.addEventListener("click", () => guarded(async () => {
      const to = button.dataset.to;
      const extra = { file: state.current.file, to };
      if (to === "usebio") extra.usebio_for = $("usebio-for").value;
      const blob = await api.score(request(extra));
      showWarnings(blob);
      download(blob, `${stem(state.current.name)}.${state.formats[to].extension}`);
    }));
  }
  $("explain").addEventListener("click", () => guarded(async () => {
    const text = await api.explain(request({
      file: state.current.file, board: $("board").value, pair: $("pair").value.trim(),
    }));
    $("explained").textContent = text;
    $("explained").hidden = false;
  }));
  const readable = () => state.files.filter((f) => f.ok !== false).map((f) => f.file);
  $("season").addEventListener("click", () => guarded(async () => {
    await showReport(await api.season(request({ files: readable(), to: "html" })));
  }));
  $("zip").addEventListener("click", () => guarded(async () => {
    const to = [...$("zip-formats").querySelectorAll("input:checked")].map((box) => box.value);
    download(await api.zip(request({ files: readable(), to })), "scored.zip");
  }));
}

wire();
guarded(loadMethods);
