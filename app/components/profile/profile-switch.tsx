import { Form, useNavigation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";

/**
 * One of the profile's on/off settings: its title, what it is now, and a button that posts the
 * other value as `field` (a plain form: it works before the page hydrates). `testId` names the
 * state line (`{testId}-setting`) and the button (`{testId}-toggle`).
 */
export function ProfileSwitch({
  field,
  on,
  title,
  state,
  action,
  testId,
}: {
  field: string;
  on: boolean;
  title: string;
  state: string;
  action: string;
  testId: string;
}) {
  const busy = useNavigation().state === "submitting";
  const titleId = `${testId}-title`;
  return (
    <section className="felt-panel flex flex-col gap-3 p-4 sm:flex-row sm:items-center" aria-labelledby={titleId}>
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="font-display text-lg font-bold text-cream-50">
          {title}
        </h2>
        <p className="text-sm text-cream-100/75" data-testid={`${testId}-setting`}>
          {state}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name={field} value={on ? "false" : "true"} />
        <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")} data-testid={`${testId}-toggle`}>
          {action}
        </button>
      </Form>
    </section>
  );
}
