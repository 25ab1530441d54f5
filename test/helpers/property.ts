// Property-based tests that report to tap: fast-check's verdict becomes one assertion
// (with the shrunk counterexample in its message), so a property counts like any other test.
import fc from 'fast-check';

interface Assertions {
  ok(value: unknown, message: string): unknown;
}

export function assertProperty<Ts extends unknown[]>(t: Assertions, name: string, property: fc.IProperty<Ts>, parameters?: fc.Parameters<Ts>): void {
  const details = fc.check(property, parameters);
  t.ok(!details.failed, details.failed ? `${name}: ${fc.defaultReportMessage(details)}` : name);
}
