import { AbsenceDrawer, type AbsenceDrawerProps } from "./absence-drawer";
import { AbsenceForm, type AbsenceFormProps } from "./absence-form";

export interface AbsenceRequestDrawerProps extends AbsenceFormProps {
  drawer: Omit<AbsenceDrawerProps, "children">;
}

/** My Calendar's side panel with the request form: one module, loaded on demand (deferred-absence-form.tsx). */
export function AbsenceRequestDrawer({ drawer, ...form }: AbsenceRequestDrawerProps) {
  return (
    <AbsenceDrawer {...drawer}>
      <AbsenceForm {...form} />
    </AbsenceDrawer>
  );
}
