import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.js';
import { useAuth } from '@/lib/authContext.js';

/** 'My Orders' in the header of the customer pages, for a signed-in customer; only its icon on the narrowest screens. */
export function MyOrdersLink() {
  const { userRole } = useAuth();
  if (userRole !== 'customer') return null;
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to="/customer/orders">
        <ReceiptText aria-hidden />
        <span className="max-sm:sr-only">My Orders</span>
      </Link>
    </Button>
  );
}
