// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// TaxedToken whose owner can change the tax after deployment (setTax), as real taxed tokens
/// do: the devnet seeds one (TCT) whose tax on chain differs from its config, to test that the
/// site detects the tax the chain takes. Same transfer rule as TaxedToken.
contract RetaxableToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    /// Integer percent 0..99; the owner may change it.
    uint256 public tax;
    address public owner;
    address public taxWallet;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public isExempt;

    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event ExemptSet(address indexed account, bool exempt);
    event TaxSet(uint256 tax);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyOwner() {
        require(msg.sender == owner, "TaxedToken: FORBIDDEN");
        _;
    }

    constructor(string memory _name, string memory _symbol, uint8 _decimals, uint256 _tax, address _taxWallet) {
        require(_tax < 100, "TaxedToken: INVALID_TAX");
        name = _name;
        symbol = _symbol;
        decimals = _decimals;
        tax = _tax;
        taxWallet = _taxWallet;
        owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        require(to != address(0), "TaxedToken: ZERO_ADDRESS");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// Mints `amount` to each of `accounts` (dev funding in one transaction).
    function mintBatch(address[] calldata accounts, uint256 amount) external onlyOwner {
        for (uint256 i; i < accounts.length; i++) {
            require(accounts[i] != address(0), "TaxedToken: ZERO_ADDRESS");
            balanceOf[accounts[i]] += amount;
            emit Transfer(address(0), accounts[i], amount);
        }
        totalSupply += amount * accounts.length;
    }

    function setExempt(address account, bool exempt) external onlyOwner {
        isExempt[account] = exempt;
        emit ExemptSet(account, exempt);
    }

    function setTax(uint256 newTax) external onlyOwner {
        require(newTax < 100, "TaxedToken: INVALID_TAX");
        tax = newTax;
        emit TaxSet(newTax);
    }

    function setTaxWallet(address wallet) external onlyOwner {
        taxWallet = wallet;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    /// What `to` receives when `from` sends `amount` with msg.sender as the caller.
    function netAmount(address from, address to, address caller, uint256 amount) public view returns (uint256) {
        if (tax == 0 || isExempt[from] || isExempt[to] || isExempt[caller]) return amount;
        return amount - (amount * tax) / 100;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "TaxedToken: INSUFFICIENT_ALLOWANCE");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "TaxedToken: ZERO_ADDRESS");
        require(balanceOf[from] >= value, "TaxedToken: INSUFFICIENT_BALANCE");
        uint256 received = netAmount(from, to, msg.sender, value);
        uint256 fee = value - received;
        unchecked {
            balanceOf[from] -= value;
        }
        balanceOf[to] += received;
        emit Transfer(from, to, received);
        if (fee > 0) {
            balanceOf[taxWallet] += fee;
            emit Transfer(from, taxWallet, fee);
        }
    }
}
