// Categories every new company starts with. `balance` says which allowance a request draws on.
export const DEFAULT_CATEGORIES = [
  { id: "yearly_allowance", name: "Vacation", color: "#2e7d32", balance: "yearly", sortOrder: 0 },
  { id: "residual", name: "Residual (carryover)", color: "#1565c0", balance: "residual", sortOrder: 1 },
  { id: "special_leave", name: "Special leave", color: "#6a1b9a", balance: "special", sortOrder: 2 },
  { id: "sick_leave", name: "Sick leave", color: "#c62828", balance: "none", sortOrder: 3 },
  { id: "training", name: "Training", color: "#ef6c00", balance: "none", sortOrder: 4 },
  { id: "unpaid_leave", name: "Unpaid leave", color: "#546e7a", balance: "none", sortOrder: 5 },
] as const;
