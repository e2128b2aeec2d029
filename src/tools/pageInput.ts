/**
 * The page's one router for the table's pointer, wheel and tool keys: the table tools (ruler, Line of
 * Fire, templates), the deployment tool, the Order tool and the Combat Jump tool, the one engaged last
 * holding the pointer. The scene's pointer adapter (`src/scene/TableInput.tsx`) feeds it. The deployment
 * and Combat Jump tools are fetched after the first frame: the router holds their handles (`lazyTarget.ts`).
 */
import { jumpHandle } from './jumpHandle';
import { tableTools } from './page';
import { deployTool, orderTool } from './pageTools';
import { ToolRouter } from './router';

export const tableInput = new ToolRouter([tableTools, deployTool, orderTool, jumpHandle]);
