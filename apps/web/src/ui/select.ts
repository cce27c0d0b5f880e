/** Mantine's Select, as a module of its own for `LazySelect` (ui/InputFrame.tsx, decision 0064). */
import { Select } from '@mantine/core';

export { Select };
