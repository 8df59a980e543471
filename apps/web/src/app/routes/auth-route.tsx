import { ComingSoon } from '../../components/coming-soon.tsx';
import { useSkin } from '../../skins/skin-context.tsx';

/** /auth: the public page Google Data Studio opens to add a data source (spec §2). */
export function Component() {
  const skin = useSkin();
  return (
    <div className="public-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      <ComingSoon
        icon="plug"
        title="Add Data Source"
        description={`Soon you will pick a ${skin.name} connector and sign in to its provider right from Google Data Studio.`}
        actions={
          <a
            className="btn btn-secondary btn-md"
            href={skin.supportUrl}
            target="_blank"
            rel="noreferrer"
          >
            Contact support
          </a>
        }
      />
    </div>
  );
}
