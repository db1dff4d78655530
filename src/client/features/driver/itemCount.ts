/** '1 item', '3 items'. */
export const formatItemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;
