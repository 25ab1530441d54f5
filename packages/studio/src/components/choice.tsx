// A <select> whose first value is given and which the person then owns: the option is
// marked `selected` (a `value` on the select would be put back on every render).

export type Options = readonly (readonly [value: string, label: string, disabled?: boolean])[];

export function Choice(props: { id: string; name?: string; initial: string; options: Options; describedBy?: string }) {
  return (
    <select id={props.id} name={props.name ?? props.id} aria-describedby={props.describedBy}>
      {props.options.map(([value, label, disabled]) => (
        <option key={value} value={value} selected={value === props.initial} disabled={disabled}>{label}</option>
      ))}
    </select>
  );
}
