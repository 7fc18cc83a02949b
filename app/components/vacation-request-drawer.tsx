import { VacationDrawer, type VacationDrawerProps } from "./vacation-drawer";
import { VacationForm, type VacationFormProps } from "./vacation-form";

export interface VacationRequestDrawerProps extends VacationFormProps {
  drawer: Omit<VacationDrawerProps, "children">;
}

/** My Calendar's side panel with the request form: one module, loaded on demand (deferred-vacation-form.tsx). */
export function VacationRequestDrawer({ drawer, ...form }: VacationRequestDrawerProps) {
  return (
    <VacationDrawer {...drawer}>
      <VacationForm {...form} />
    </VacationDrawer>
  );
}
