import type { PermissionIdentifier } from '../api/roles.ts';

/** What each permission allows, in a sentence: the same words the role editor offers. */
export function PermissionsLegend({
  identifiers,
}: {
  identifiers: readonly PermissionIdentifier[];
}) {
  return (
    <section className="card card-padded" aria-labelledby="permissions-title">
      <h2 id="permissions-title" className="card-title permissions-title">
        What each permission allows
      </h2>
      <dl className="permission-legend">
        {identifiers.map((permission) => (
          <div key={permission.name}>
            <dt>{permission.label}</dt>
            <dd>{permission.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
