import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ROOT,
  createHandlebars,
  expandTranslations,
  foundryPath,
  i18nOf,
  loadTranslations,
  registerPartials,
  renderTemplate,
  templateFile,
} from "./handlebars";

const translations = {
  FACTIONS: {
    Hello: "Hello",
    Greet: "Hello, {name}! You have {count} assets.",
    Force: "Force",
    ForceHint: "Martial strength",
    Magic: { none: "None", low: "Low", high: "High" },
    Units: "points",
  },
};

function render(source: string, context: object = {}): string {
  const hbs = createHandlebars({ translations });
  return hbs.compile(source)(context, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}

describe("i18n", () => {
  it("expands dotted keys and merges them with nested ones", () => {
    expect(expandTranslations({ "A.B": "x", A: { C: "y" }, D: "z" })).toEqual({ A: { B: "x", C: "y" }, D: "z" });
  });

  it("reads a nested language file, and a missing file gives no translations", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "factions-lang-"));
    const file = path.join(dir, "en.json");
    fs.writeFileSync(file, JSON.stringify({ FACTIONS: { A: { B: "b" } } }));
    expect(loadTranslations(file)).toEqual({ FACTIONS: { A: { B: "b" } } });
    expect(loadTranslations(path.join(dir, "missing.json"))).toEqual({});
    const hbs = createHandlebars({ langFile: file });
    expect(i18nOf(hbs).localize("FACTIONS.A.B")).toBe("b");
  });

  it("loads lang/en.json by default when it exists", () => {
    const file = path.join(ROOT, "lang", "en.json");
    const hbs = createHandlebars();
    if (fs.existsSync(file)) expect(i18nOf(hbs).translations).toEqual(loadTranslations(file));
    else expect(i18nOf(hbs).translations).toEqual({});
  });
});

describe("localize", () => {
  it("resolves nested keys", () => {
    expect(render(`{{localize "FACTIONS.Hello"}}`)).toBe("Hello");
    expect(render(`{{localize "FACTIONS.Magic.low"}}`)).toBe("Low");
  });

  it("renders the raw key when missing, or when the key names a group", () => {
    expect(render(`{{localize "FACTIONS.Nope"}}`)).toBe("FACTIONS.Nope");
    expect(render(`{{localize "FACTIONS.Magic"}}`)).toBe("FACTIONS.Magic");
  });

  it("formats with hash arguments and keeps unknown placeholders", () => {
    expect(render(`{{localize "FACTIONS.Greet" name=who count=3}}`, { who: "Ann" })).toBe("Hello, Ann! You have 3 assets.");
    expect(render(`{{localize "FACTIONS.Greet" name="Bo"}}`)).toBe("Hello, Bo! You have {count} assets.");
  });

  it("escapes its result", () => {
    expect(render(`{{localize "FACTIONS.Greet" name="<b>" count=1}}`)).toBe("Hello, &lt;b&gt;! You have 1 assets.");
  });

  it("accepts a concat subexpression as key", () => {
    expect(render(`{{localize (concat "FACTIONS.Magic." level)}}`, { level: "high" })).toBe("High");
  });
});

describe("numberFormat", () => {
  it("rounds to decimals and signs", () => {
    expect(render(`{{numberFormat 3.14159 decimals=2}}`)).toBe("3.14");
    expect(render(`{{numberFormat 2.6}}`)).toBe("3");
    expect(render(`{{numberFormat 2 sign=true}}`)).toBe("+2");
    expect(render(`{{numberFormat 0 sign=true}}`)).toBe("+0");
    expect(render(`{{numberFormat -2 sign=true}}`)).toBe("-2");
    expect(render(`{{numberFormat "1.5" decimals=1 sign=true}}`)).toBe("+1.5");
  });
});

describe("selectOptions", () => {
  it("renders an object of choices with the selected one", () => {
    expect(render(`{{selectOptions choices selected="b"}}`, { choices: { a: "A", b: "B" } })).toBe(
      `<option value="a">A</option><option value="b" selected>B</option>`,
    );
  });

  it("localizes labels, adds a blank option and escapes", () => {
    const html = render(`{{selectOptions choices selected=sel localize=true blank=""}}`, {
      choices: { none: "FACTIONS.Magic.none", low: "FACTIONS.Magic.low", x: "<x>" },
      sel: "low",
    });
    expect(html).toBe(
      `<option value=""></option><option value="none">None</option><option value="low" selected>Low</option><option value="x">&lt;x&gt;</option>`,
    );
  });

  it("takes arrays of strings and arrays of objects with valueAttr/labelAttr", () => {
    expect(render(`{{selectOptions list selected="y"}}`, { list: ["x", "y"] })).toBe(
      `<option value="x">x</option><option value="y" selected>y</option>`,
    );
    const items = [
      { id: "i1", name: "One" },
      { id: "i2", name: "Two" },
    ];
    expect(render(`{{selectOptions items selected="i2" valueAttr="id" labelAttr="name"}}`, { items })).toBe(
      `<option value="i1">One</option><option value="i2" selected>Two</option>`,
    );
  });

  it("takes choices of objects with label and group", () => {
    const choices = { a: { label: "A", group: "G1" }, b: { label: "B", group: "G1" }, c: { label: "C" } };
    expect(render(`{{selectOptions choices selected="c"}}`, { choices })).toBe(
      `<optgroup label="G1"><option value="a">A</option><option value="b">B</option></optgroup><option value="c" selected>C</option>`,
    );
  });

  it("compares selected values as strings and allows several", () => {
    expect(render(`{{selectOptions choices selected=2}}`, { choices: { 1: "one", 2: "two" } })).toContain(`<option value="2" selected>`);
    const html = render(`{{selectOptions choices selected=sel}}`, { choices: { a: "A", b: "B", c: "C" }, sel: ["a", "c"] });
    expect(html.match(/selected/g)).toHaveLength(2);
  });
});

describe("small helpers", () => {
  it("checked, disabled, ifThen", () => {
    expect(render(`<input {{checked yes}}><input {{checked no}}>`, { yes: true, no: 0 })).toBe(`<input checked><input >`);
    expect(render(`<button {{disabled yes}}>`, { yes: 1 })).toBe(`<button disabled>`);
    expect(render(`{{ifThen flag "on" "off"}}/{{ifThen other "on" "off"}}`, { flag: true, other: false })).toBe("on/off");
  });

  it("concat joins strings", () => {
    expect(render(`{{concat "a" 1 "-" b}}`, { b: "c" })).toBe("a1-c");
  });

  it("comparisons are strict", () => {
    expect(render(`{{#if (eq a 1)}}y{{else}}n{{/if}}`, { a: 1 })).toBe("y");
    expect(render(`{{#if (eq a "1")}}y{{else}}n{{/if}}`, { a: 1 })).toBe("n");
    expect(render(`{{#if (ne a 2)}}y{{/if}}`, { a: 1 })).toBe("y");
    expect(render(`{{lt 1 2}} {{gt 1 2}} {{lte 2 2}} {{gte 1 2}}`)).toBe("true false true false");
  });

  it("and, or, not ignore the options argument", () => {
    expect(render(`{{and true 1 "x"}} {{and true 0}} {{or 0 "" 1}} {{or 0 false}} {{not 0}} {{not 1}}`)).toBe(
      "true false true false true false",
    );
  });

  it("json stringifies (escaped in double braces, raw in triple)", () => {
    expect(render(`{{{json obj}}}`, { obj: { a: [1, "b"] } })).toBe(`{"a":[1,"b"]}`);
    expect(render(`{{json obj}}`, { obj: { a: 1 } })).toBe(`{&quot;a&quot;:1}`);
  });

  it("editor renders the content in a div", () => {
    expect(render(`{{editor html target="system.description" editable=true}}`, { html: "<p>Hi</p>" })).toBe(
      `<div class="editor"><div class="editor-content" data-edit="system.description"><p>Hi</p></div></div>`,
    );
  });

  it("radioBoxes and numberInput", () => {
    expect(render(`{{radioBoxes "system.x" choices checked="b"}}`, { choices: { a: "A", b: "B" } })).toBe(
      `<label class="checkbox"><input type="radio" name="system.x" value="a"> A</label>\n` +
        `<label class="checkbox"><input type="radio" name="system.x" value="b" checked> B</label>`,
    );
    expect(render(`{{numberInput 3 name="system.hp" min=0 step=1}}`)).toBe(`<input type="number" name="system.hp" value="3" step="1" min="0">`);
  });

  it("a helper Foundry does not have is missing here too", () => {
    expect(() => render(`{{times 3}}`)).toThrow(/Missing helper/);
  });
});

describe("formGroup / formField / formInput", () => {
  const force = { name: "system.force", label: "FACTIONS.Force", hint: "FACTIONS.ForceHint", min: 0, max: 8, step: 1 };

  it("renders Foundry's form-group markup for a number field", () => {
    expect(render(`{{formGroup field value=3}}`, { field: force })).toBe(
      `<div class="form-group"><label>Force</label><div class="form-fields">` +
        `<input type="number" name="system.force" value="3" min="0" max="8" step="1"></div>` +
        `<p class="hint">Martial strength</p></div>`,
    );
  });

  it("links label and input through rootId, and formField is the same helper", () => {
    const html = render(`{{formField field value=3 rootId="sheet-1" units="FACTIONS.Units" stacked=true classes="wide"}}`, { field: force });
    expect(html).toContain(`<div class="form-group stacked wide">`);
    expect(html).toContain(`<label for="sheet-1-system.force">Force <span class="units">(points)</span></label>`);
    expect(html).toContain(`id="sheet-1-system.force"`);
  });

  it("takes the field from the hash too, and overrides label and hint", () => {
    const html = render(`{{formGroup field=f value=1 label="Custom" hint=""}}`, { f: force });
    expect(html).toContain("<label>Custom</label>");
    expect(html).not.toContain("hint");
  });

  it("renders a select for choices, a checkbox for booleans and a text input otherwise", () => {
    const magic = { name: "system.magic", label: "FACTIONS.Magic.low", choices: { none: "FACTIONS.Magic.none", low: "FACTIONS.Magic.low" } };
    expect(render(`{{formInput field value="low" localize=true}}`, { field: magic })).toBe(
      `<select name="system.magic"><option value="none">None</option><option value="low" selected>Low</option></select>`,
    );
    expect(render(`{{formInput field value=true}}`, { field: { name: "system.secret" } })).toBe(
      `<input type="checkbox" name="system.secret" checked>`,
    );
    expect(render(`{{formInput field value=v disabled=true}}`, { field: { name: "name" }, v: `A "B"` })).toBe(
      `<input type="text" name="name" disabled value="A &quot;B&quot;">`,
    );
    expect(render(`{{formInput field value="x" aria-label="Notes"}}`, { field: { name: "system.notes", type: "text" } })).toBe(
      `<textarea name="system.notes" aria-label="Notes">x</textarea>`,
    );
  });

  it("options= is an array of {value, label} that wins over the field's choices, with a blank entry first", () => {
    const field = { name: "system.location", choices: {} };
    const options = [{ value: "name:Docks", label: "Docks" }, { rule: true }, { value: "name:Ford", label: "Ford", group: "Places" }];
    expect(render(`{{formInput field value="name:Ford" options=options blank="Nowhere"}}`, { field, options })).toBe(
      `<select name="system.location"><option value="">Nowhere</option><option value="name:Docks">Docks</option>` +
        `<optgroup label="Places"><option value="name:Ford" selected>Ford</option></optgroup></select>`,
    );
    // A field without choices becomes a select when given options, as a StringField does in Foundry.
    expect(render(`{{formField field value="b" options=options}}`, { field: { name: "system.kind" }, options: [{ value: "b", label: "B" }] })).toContain(
      `<select name="system.kind"><option value="b" selected>B</option></select>`,
    );
  });

  it("refuses options= given as a {value: label} object, which Foundry's select input cannot read", () => {
    expect(() => render(`{{formField field value="a" options=options}}`, { field: { name: "system.kind" }, options: { a: "A" } })).toThrow(/options= must be an array/);
  });

  it("choices may be a function", () => {
    const field = { name: "system.kind", choices: () => ({ a: "A" }) };
    expect(render(`{{formInput field value="a"}}`, { field })).toBe(`<select name="system.kind"><option value="a" selected>A</option></select>`);
  });
});

describe("templates and partials", () => {
  it("maps Foundry paths to files and back", () => {
    expect(templateFile("systems/factions/templates/a/b.hbs")).toBe(path.join(ROOT, "templates/a/b.hbs"));
    expect(templateFile("test/gallery/fixtures/demo.hbs")).toBe(path.join(ROOT, "test/gallery/fixtures/demo.hbs"));
    expect(foundryPath(path.join(ROOT, "templates/a/b.hbs"))).toBe("systems/factions/templates/a/b.hbs");
  });

  it("registers partials by Foundry path and renders templates with prototype access", () => {
    fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, ".cache", "hbs-test-"));
    try {
      fs.mkdirSync(path.join(dir, "parts"));
      fs.writeFileSync(path.join(dir, "parts", "name.hbs"), `<b>{{name}}</b>`);
      fs.writeFileSync(path.join(dir, "main.hbs"), `{{> "${foundryPath(path.join(dir, "parts", "name.hbs"))}"}} has {{power}}`);
      const hbs = createHandlebars({ translations });
      const names = registerPartials(dir, hbs);
      expect(names).toEqual([foundryPath(path.join(dir, "main.hbs")), foundryPath(path.join(dir, "parts", "name.hbs"))]);
      class Faction {
        name = "Lanterns";
        get power() {
          return 7;
        }
      }
      expect(renderTemplate(foundryPath(path.join(dir, "main.hbs")), new Faction(), hbs)).toBe("<b>Lanterns</b> has 7");
      expect(() => renderTemplate("systems/factions/templates/does-not-exist.hbs", {}, hbs)).toThrow(/template not found/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
