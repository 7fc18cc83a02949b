// Portuguese national holidays (Código do Trabalho, art. 234). Fixed dates recur every year;
// the Easter-based ones move, so they are generated per year.
import { addDays, isoDate, type IsoDate } from "./dates";

export interface GeneratedHoliday {
  date: IsoDate;
  name: string;
  isRecurring: boolean;
}

const FIXED: [number, number, string][] = [
  [1, 1, "Ano Novo"],
  [4, 25, "Dia da Liberdade"],
  [5, 1, "Dia do Trabalhador"],
  [6, 10, "Dia de Portugal, de Camões e das Comunidades Portuguesas"],
  [8, 15, "Assunção de Nossa Senhora"],
  [10, 5, "Implantação da República"],
  [11, 1, "Dia de Todos-os-Santos"],
  [12, 1, "Restauração da Independência"],
  [12, 8, "Imaculada Conceição"],
  [12, 25, "Natal"],
];

/** Western (Gregorian) Easter Sunday, anonymous Gregorian algorithm. */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

export function portugueseHolidays(year: number): GeneratedHoliday[] {
  const easter = easterSunday(year);
  const holidays: GeneratedHoliday[] = [
    ...FIXED.map(([month, day, name]) => ({ date: isoDate(year, month, day), name, isRecurring: true })),
    { date: addDays(easter, -2), name: "Sexta-feira Santa", isRecurring: false },
    { date: easter, name: "Páscoa", isRecurring: false },
    { date: addDays(easter, 60), name: "Corpo de Deus", isRecurring: false },
  ];
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}
