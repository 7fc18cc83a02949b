// Conform's field and form metadata, as patched (patches/@conform-to+react+*.patch, decision 0050):
// the metadata made for a form state answers every read until the state or the form id changes,
// and a field read twice during a render is subscribed to once. What a form renders and which
// changes re-render it must stay exactly Conform's.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
// Not exported by the package: imported by path (the ES module, which the app's builds load; its
// types come from the same folder), as the patch changes these two functions.
import { getFieldMetadata as fieldMetadata, getFormMetadata as formMetadata } from "../../node_modules/@conform-to/react/dist/context";

type State = Record<"initialValue" | "value" | "error" | "key" | "valid" | "dirty" | "constraint", Record<string, unknown>>;

function stateWith(errors: Record<string, string[]>, initialValue: Record<string, unknown> = {}): State {
  return { initialValue, value: initialValue, error: errors, key: { email: "k1" }, valid: {}, dirty: {}, constraint: { email: { required: true } } };
}

// The two functions read a form context's state and id only: a stand-in with just those.
type Context = Parameters<typeof fieldMetadata>[0];
type SubjectRef = Parameters<typeof fieldMetadata>[1];
type Snapshot = Parameters<typeof fieldMetadata>[2];
const getFieldMetadata = (context: unknown, subjectRef: { current: object }, snapshot: State, prefix: string, key: string) =>
  fieldMetadata(context as Context, subjectRef as SubjectRef, snapshot as unknown as Snapshot, prefix, key);
const getFormMetadata = (context: unknown, subjectRef: { current: object }, snapshot: State, noValidate: boolean) =>
  formMetadata(context as Context, subjectRef as SubjectRef, snapshot as unknown as Snapshot, noValidate);

function fakeContext(initial: State) {
  let state = initial;
  let formId = "login";
  return {
    context: { getState: () => state, getFormId: () => formId },
    setState: (next: State) => (state = next),
    setFormId: (next: string) => (formId = next),
  };
}

describe("Conform's field metadata (patched)", () => {
  it("answers from the current state: a new state or form id is read, not the first one", () => {
    const first = stateWith({ email: ["Required"] }, { email: "a@example.com" });
    const { context, setState, setFormId } = fakeContext(first);
    const subjectRef = { current: {} as Record<string, unknown> };
    const email = getFieldMetadata(context, subjectRef, first, "", "email");
    expect(email.errors).toEqual(["Required"]);
    expect(email.initialValue).toBe("a@example.com");
    expect(email.required).toBe(true);
    expect(email.id).toBe("login-email");

    setState(stateWith({ email: ["Not an e-mail address"] }, { email: "b@example.com" }));
    expect(email.errors).toEqual(["Not an e-mail address"]);
    expect(email.defaultValue).toBe("b@example.com");

    setFormId("login-2");
    expect(email.id).toBe("login-2-email");
    expect(email.errorId).toBe("login-2-email-error");
  });

  it("makes a field's metadata once for every read through it while the state stays the same", () => {
    const first = stateWith({ email: ["Required"] }, { email: "a@example.com" });
    const { context, setState } = fakeContext(first);
    let stateReads = 0;
    const counting = { ...context, getState: () => (stateReads++, context.getState()) };
    const email = getFieldMetadata(counting, { current: {} }, first, "", "email");
    const read = () => [email.id, email.name, email.errors, email.key, email.initialValue, email.required];
    read();
    // One look at the state per read, and one when the metadata is made; unpatched Conform made
    // the metadata (and looked at the state) again for each of the six reads: 12.
    expect(stateReads).toBe(7);
    setState(stateWith({}));
    stateReads = 0;
    read();
    expect(stateReads).toBe(7);
  });

  it("subscribes a render to what it read, each name once, and not to reads after the state moved on", () => {
    const first = stateWith({});
    const { context, setState } = fakeContext(first);
    const subjectRef = { current: {} as Record<string, Record<string, string[]> | boolean> };
    const email = getFieldMetadata(context, subjectRef, first, "", "email");
    void email.errors;
    void email.errors;
    void email.key;
    void email.id;
    expect(subjectRef.current).toEqual({ error: { name: ["email"] }, key: { name: ["email"] }, formId: true });

    const password = getFieldMetadata(context, subjectRef, first, "", "password");
    void password.errors;
    expect(subjectRef.current.error).toEqual({ name: ["email", "password"] });

    // A read from a callback, after the state changed, is not the render's: no subscription.
    setState(stateWith({ email: ["Required"] }));
    void email.value;
    expect(subjectRef.current).not.toHaveProperty("value");
  });

  it("gives the form's own metadata from the current state too", () => {
    const first = stateWith({ "": ["Wrong e-mail or password"] });
    const { context, setState } = fakeContext(first);
    const form = getFormMetadata(context, { current: {} }, first, true);
    expect(form.errors).toEqual(["Wrong e-mail or password"]);
    expect(form.noValidate).toBe(true);
    setState(stateWith({}));
    expect(form.errors).toBeUndefined();
  });
});

function LoginForm({ lastResult }: { lastResult?: Parameters<typeof useForm>[0]["lastResult"] }) {
  const [form, fields] = useForm({ id: "login", lastResult, shouldValidate: "onBlur" });
  return (
    <form method="post" {...getFormProps(form)}>
      <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} />
      {fields.email.errors ? <p id={fields.email.errorId}>{(fields.email.errors as string[]).join(" ")}</p> : null}
      <input {...getInputProps(fields.password, { type: "password" })} key={fields.password.key} />
    </form>
  );
}

describe("a form rendered on the server with the patched metadata", () => {
  it("writes the submitted values, the errors and their ids as Conform does", () => {
    const html = renderToString(
      <LoginForm lastResult={{ status: "error", initialValue: { email: "someone@" }, error: { email: ["Enter a valid e-mail address"] } }} />,
    );
    expect(html).toContain('id="login-email"');
    expect(html).toContain('name="email"');
    expect(html).toContain('value="someone@"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="login-email-error"');
    expect(html).toContain('<p id="login-email-error">Enter a valid e-mail address</p>');
    expect(html).not.toMatch(/id="login-password"[^>]*aria-invalid/);
  });

  it("renders a fresh form without values or errors", () => {
    const html = renderToString(<LoginForm />);
    expect(html).toContain('id="login-email"');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("login-email-error");
  });
});
