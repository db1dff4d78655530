import type { ReactNode, SubmitEventHandler } from 'react';

interface AuthFormProps {
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  /** A heading above the fields, for the forms that stand in for the tabs (forgot and reset password). */
  title?: string;
  description?: string;
  children: ReactNode;
}

/** The frame of every form on /auth: checked by its zod schema rather than the browser, fields stacked. */
export function AuthForm({ onSubmit, title, description, children }: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {title && (
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{title}</h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
      )}
      {children}
    </form>
  );
}
