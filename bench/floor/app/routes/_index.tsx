import { Form, Link } from "@remix-run/react";

// A loader that reads nothing, as the sign-in page's when nobody is signed in: Remix still runs
// it and sends its data to the browser.
export function loader() {
  return null;
}

/** The sign-in page's form, written out: what any Remix sign-in page has to render. */
export default function SignIn() {
  return (
    <main>
      <h1>Sign in</h1>
      <Form method="post">
        <label>
          <span>E-mail</span>
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit">Sign in</button>
      </Form>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link> <Link to="/signup">Create an account</Link>
      </p>
    </main>
  );
}
