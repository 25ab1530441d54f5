// A destructive action behind a confirmation dialog (<dialog>, modal: focus moves into it,
// Escape cancels, focus returns to the button).
import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';

export function ConfirmButton(props: { label: string; question: string; confirmLabel: string; onConfirm: () => void; disabled?: boolean; children?: ComponentChildren }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const question = useId();
  return (
    <>
      <button type="button" class="danger" disabled={props.disabled} onClick={() => dialog.current?.showModal()}>{props.label}</button>
      <dialog ref={dialog} aria-labelledby={question}>
        <form method="dialog" onSubmit={(event) => {
          const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value === 'yes') props.onConfirm();
        }}>
          <p id={question}>{props.question}</p>
          {props.children}
          <div class="row">
            <button value="no" autofocus>Cancel</button>
            <button value="yes" class="danger">{props.confirmLabel}</button>
          </div>
        </form>
      </dialog>
    </>
  );
}
